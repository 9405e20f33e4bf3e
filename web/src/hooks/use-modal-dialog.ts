import { useEffect, useRef } from 'react';

/**
 * A <dialog> shown modal while its component is mounted: the browser traps focus in it, Escape
 * closes it, and it is closed again when the component goes (focus returns to what opened it).
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}
