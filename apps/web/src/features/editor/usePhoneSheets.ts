import { useCallback, useRef, useState } from 'react';
import { useDocumentSettingsEvent } from './MobileSettingsSheet';

/**
 * Which of the phone's sheets and menu is open: opening one closes the others. 'Document settings'
 * also opens from anywhere that asks (useDocumentSettingsEvent).
 */
export function usePhoneSheets() {
  const [actionsOpen, setActionsOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement | null>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), []);
  const openSettings = useCallback(() => {
    setMenuOpen(false);
    setActionsOpen(false);
    setSettingsOpen(true);
  }, []);
  const openActions = useCallback(() => {
    setMenuOpen(false);
    setSettingsOpen(false);
    setActionsOpen(true);
  }, []);
  useDocumentSettingsEvent(openSettings);
  return { actionsOpen, setActionsOpen, settingsOpen, setSettingsOpen, menuOpen, closeMenu, toggleMenu, openActions, menuButtonRef };
}
export type PhoneSheetsState = ReturnType<typeof usePhoneSheets>;
