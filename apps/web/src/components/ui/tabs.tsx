import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps {
  /** Name of the tab list for assistive technology. */
  label: string;
  tabs: readonly TabItem[];
  /** Controlled selection; leave out to start on the first tab. */
  selectedId?: string;
  onSelectionChange?: (id: string) => void;
}

/** WAI-ARIA tabs: arrows move between tabs, Home/End jump, the panel follows the selected tab. */
export function Tabs({ label, tabs, selectedId, onSelectionChange }: TabsProps) {
  return (
    <AriaTabs
      selectedKey={selectedId}
      onSelectionChange={onSelectionChange ? (key: Key) => onSelectionChange(String(key)) : undefined}
    >
      <TabList aria-label={label} className="flex flex-wrap gap-1 border-b border-line">
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            id={tab.id}
            className="-mb-px inline-flex min-h-11 cursor-pointer items-center border-b-4 border-transparent px-4 font-semibold text-muted hover:text-primary data-[selected]:border-primary data-[selected]:text-primary-strong"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className="pt-5">
          {tab.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
