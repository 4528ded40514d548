/** Marks the signed-in pages' shell (frame-shell.tsx), so the entry script knows what the page holds (main.tsx). */
export const FRAME_SHELL_ATTRIBUTE = 'data-coquille';
