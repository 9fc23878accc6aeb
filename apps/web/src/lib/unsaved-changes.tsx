import { Modal, type ModalProps } from '@mantine/core';
import i18next from 'i18next';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from './dialogs.tsx';

/**
 * Asks before unsaved changes are lost: a navigation inside the app (link, menu, back button) waits for the
 * person's answer; closing or reloading the tab gets the browser's own question. Every form with a draft uses it.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const reportToModal = useContext(DirtyContext);
  useEffect(() => {
    reportToModal?.(dirty);
    return () => reportToModal?.(false);
  }, [dirty, reportToModal]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    askToLeave(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when a value is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

const DirtyContext = createContext<((dirty: boolean) => void) | null>(null);

function askToLeave(onLeave: () => void, onStay?: () => void) {
  confirmDialog({
    title: i18next.t('dialog.leaveTitle'),
    text: i18next.t('dialog.leaveText'),
    confirm: i18next.t('dialog.leave'),
    cancel: i18next.t('dialog.stay'),
    destructive: true,
    onConfirm: onLeave,
    onCancel: onStay,
  });
}

/**
 * The dialog of a form: closing it (the X, Escape, a click outside) while the form inside has unsaved
 * changes asks first. The form inside reports its state with `useUnsavedChanges`. Its X is named ("Tutup dialog").
 */
export function FormModal({ onClose, children, ...props }: ModalProps) {
  const dirty = useRef(false);
  const report = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const close = () => (dirty.current ? askToLeave(onClose) : onClose());
  return (
    // the close button (an icon) is named for a screen reader
    <Modal closeButtonProps={{ 'aria-label': i18next.t('dialog.close') }} {...props} onClose={close}>
      <DirtyContext.Provider value={report}>{children}</DirtyContext.Provider>
    </Modal>
  );
}
