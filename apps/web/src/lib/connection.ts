type Listener = () => void;

/** Whether the server is reachable: false after a network failure, true after any answer or an `online` event. */
function createConnection() {
  let online = true;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  return {
    isOnline: () => online,
    setOnline(next: boolean) {
      if (next === online) return;
      online = next;
      emit();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const connection = createConnection();

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => connection.setOnline(true));
  window.addEventListener('offline', () => connection.setOnline(false));
}
