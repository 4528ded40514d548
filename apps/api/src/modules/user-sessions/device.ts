import { parse } from 'bowser';

/** A sign-in's device and browser, as the security page and the new-device mail name them. */
export interface Device {
  /** « Ordinateur Apple sous macOS », « iPhone sous iOS 17 », « Appareil inconnu ». */
  appareil: string;
  /** « Chrome 131 », « Navigateur inconnu ». */
  navigateur: string;
  /**
   * The device + browser combination without versions, so that an update of the browser or the
   * system is no new device: what the new-device mail compares.
   */
  cle: string;
}

const KINDS: Record<string, string> = {
  desktop: 'Ordinateur',
  mobile: 'Téléphone mobile',
  tablet: 'Tablette',
  tv: 'Téléviseur',
  bot: 'Robot',
};

const major = (version: string | undefined) => version?.split('.')[0] ?? '';

/**
 * The device and browser of a User-Agent header, read by bowser (MIT, maintained). A missing or
 * unreadable header gives « Appareil inconnu » and « Navigateur inconnu ».
 */
export function describeDevice(userAgent: string | null | undefined): Device {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return { appareil: 'Appareil inconnu', navigateur: 'Navigateur inconnu', cle: '|||' };
  const { browser, os, platform } = parse(ua);
  const kind = platform.type ? KINDS[platform.type] : undefined;
  const maker = platform.model ?? platform.vendor;
  // A model names itself (« iPhone »); a maker alone goes after the kind (« Ordinateur Apple »).
  const head = platform.model ?? ([kind, platform.vendor].filter(Boolean).join(' ') || 'Appareil inconnu');
  // Windows has names (« 10 », « 11 »); macOS browsers all say 10.15.7 whatever the system, so no version.
  const osVersion = os.name === 'Windows' ? (os.versionName ?? '') : os.name === 'macOS' ? '' : major(os.version);
  const system = os.name ? `${os.name}${osVersion ? ` ${osVersion}` : ''}` : '';
  const appareil = system ? `${head} sous ${system}` : head;
  const navigateur = browser.name ? `${browser.name}${browser.version ? ` ${major(browser.version)}` : ''}` : 'Navigateur inconnu';
  const cle = [platform.type ?? '', maker ?? '', os.name ?? '', browser.name ?? ''].join('|').toLowerCase();
  return { appareil, navigateur, cle };
}
