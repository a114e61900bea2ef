/**
 * Error toasts raised outside React (the HTTP client). Until the toast layer lands
 * they render as a small fixed banner; one per distinct message at a time.
 */
const shown = new Set<string>();

export function showErrorToast(message: string) {
  if (shown.has(message)) return;
  shown.add(message);
  const node = document.createElement('div');
  node.setAttribute('role', 'alert');
  node.className = 'console-error-toast';
  node.textContent = message;
  Object.assign(node.style, {
    position: 'fixed', top: '16px', left: '50%', transform: 'translateX(-50%)', zIndex: '2000',
    background: '#d32f2f', color: '#fff', padding: '10px 16px', borderRadius: '6px', cursor: 'pointer',
    font: '14px system-ui, sans-serif', boxShadow: '0 2px 8px rgba(0,0,0,.3)',
  });
  const close = () => {
    node.remove();
    shown.delete(message);
  };
  node.addEventListener('click', close);
  document.body.appendChild(node);
  setTimeout(close, 3000);
}
