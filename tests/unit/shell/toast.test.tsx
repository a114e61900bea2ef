import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer, toast } from 'react-toastify';
import { AdminContext, useDelete, useNotify, type DataProvider } from 'react-admin';
import { useEffect, type ReactNode } from 'react';
import { TOAST_CONTAINER_CONFIG, TOAST_TYPES, ToastNotification, notifyError, toasts } from '../../../src/shell/toast';
import { testI18nProvider as i18nProvider } from '../testI18nProvider';

afterEach(() => act(() => toast.dismiss()));

describe('toast container', () => {
  it.each([
    ['position', 'top-center'],
    ['autoClose', 3000],
    ['hideProgressBar', true],
    ['theme', 'light'],
    ['closeOnClick', true],
  ] as const)('%s is %s', (option, value) => {
    expect(TOAST_CONTAINER_CONFIG[option]).toBe(value);
  });
  it('has nothing else', () => {
    expect(Object.keys(TOAST_CONTAINER_CONFIG).sort()).toEqual(['autoClose', 'closeOnClick', 'hideProgressBar', 'position', 'theme']);
  });
  it('knows the five types', () => {
    expect([...TOAST_TYPES]).toEqual(['info', 'success', 'warning', 'error', 'default']);
  });
});

/** `child` inside react-admin (English words, the given data provider) beside the notification container. */
const mountWithToasts = (child: ReactNode, dataProvider?: DataProvider) =>
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
      {child}
      <ToastNotification />
    </AdminContext>,
  );
const container = () => render(<ToastContainer {...TOAST_CONTAINER_CONFIG} autoClose={false} />);
const alertsWith = async (text: string) => (await screen.findAllByText(text)).length;

describe('toast layer', () => {
  it('shows an identical error message once while it is on screen', async () => {
    container();
    let first: string | number = '';
    let second: string | number = '';
    act(() => {
      first = toasts.add('error', 'Wrong account or password.');
      second = notifyError('Wrong account or password.');
    });
    expect(await alertsWith('Wrong account or password.')).toBe(1);
    expect(first).toBe('Wrong account or password.');
    expect(second).toBe(first);
  });

  it.each(TOAST_TYPES)('adds a %s toast', async (type) => {
    container();
    act(() => void toasts.add(type, `a ${type} message`));
    expect(await alertsWith(`a ${type} message`)).toBe(1);
  });

  it('updates a toast and removes it', async () => {
    container();
    let id: string | number = '';
    act(() => void (id = toasts.add('info', 'Syncing')));
    await screen.findByText('Syncing');
    act(() => toasts.update(id, { type: 'warning', message: 'Sync is slow' }));
    expect(await screen.findByText('Sync is slow')).toBeTruthy();
    expect(toast.isActive(id)).toBe(true);
    act(() => toasts.remove(id));
    // jsdom runs no exit animation, so the node lingers; the toast itself is gone.
    await waitFor(() => expect(toast.isActive(id)).toBe(false));
  });

  it.each([
    ['success', 'Proposal executed'],
    ['info', 'No payment found on chain.'],
    ['error', 'Nonce 3 must be executed first'],
  ] as const)('a loading toast settles as %s', async (type, message) => {
    container();
    let id: string | number = '';
    act(() => void (id = toasts.loading('Executing proposal…')));
    expect(await screen.findByText('Executing proposal…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { hidden: true })).toBeTruthy();
    act(() => toasts.settle(id, type, message));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Executing proposal…')).toBeNull();
    expect(screen.getByText(message).closest(`.Toastify__toast--${type}`)).toBeTruthy();
  });
});

describe('a loading toast whose call failed', () => {
  it('closes when the HTTP client already shows the same failure', async () => {
    container();
    let id: string | number = '';
    act(() => void (id = toasts.loading('Uploading image…')));
    await screen.findByText('Uploading image…');
    act(() => {
      notifyError('The file is not an image.');
      toasts.settle(id, 'error', 'The file is not an image.');
    });
    expect(await alertsWith('The file is not an image.')).toBe(1);
    await waitFor(() => expect(toast.isActive(id)).toBe(false));
  });
});

describe('<ToastNotification/> as react-admin notification', () => {
  const Saves = () => {
    const notify = useNotify();
    useEffect(() => {
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
    }, [notify]);
    return null;
  };

  it("shows react-admin's useNotify messages, translated, through the same container", async () => {
    mountWithToasts(<Saves />);
    const toastText = await screen.findByText('Element updated');
    expect(toastText.closest('.Toastify__toast--success')).toBeTruthy();
    expect(toastText.closest('.Toastify__toast-container--top-center')).toBeTruthy();
  });
});

describe('<ToastNotification/> and a form the server refused', () => {
  const InvalidForm = () => {
    const notify = useNotify();
    useEffect(() => notify('ra.message.invalid_form', { type: 'error' }), [notify]);
    return null;
  };
  const mount = () => mountWithToasts(<InvalidForm />);

  it('shows only the server’s refusal, not also react-admin’s "form is not valid"', async () => {
    act(() => void notifyError('Some fields are not valid.'));
    mount();
    await screen.findByText('Some fields are not valid.');
    await act(() => Promise.resolve());
    expect(screen.queryByText('The form is not valid. Please check for errors')).toBeNull();
  });

  it('shows react-admin’s notice when no refusal is on screen (the form was checked in the browser)', async () => {
    mount();
    expect(await screen.findByText('The form is not valid. Please check for errors')).toBeTruthy();
  });
});

describe('<ToastNotification/>: one toast per outcome', () => {
  const SavesLater = () => {
    const notify = useNotify();
    return (
      <button onClick={() => notify('resourceEngine.created', { type: 'success', messageArgs: { name: 'Currency', record: 'DAI' } })}>
        save
      </button>
    );
  };

  it('a success closes the error toasts of the failed submits before it', async () => {
    mountWithToasts(<SavesLater />);
    act(() => void toasts.add('error', 'The form is not valid. Please check for errors'));
    act(() => void notifyError('Symbol DAI is already on this chain.'));
    await screen.findByText('Symbol DAI is already on this chain.');
    fireEvent.click(screen.getByText('save'));
    expect(await screen.findByText('Currency “DAI” created')).toBeTruthy();
    await waitFor(() => expect(toast.isActive('Symbol DAI is already on this chain.')).toBe(false));
    expect(toast.isActive('The form is not valid. Please check for errors')).toBe(false);
    expect(toasts.hasOpenError()).toBe(false);
  });
});

describe('<ToastNotification/> and undoable changes', () => {
  const DeleteLater = () => {
    const notify = useNotify();
    const [deleteOne] = useDelete();
    return (
      <button
        onClick={() =>
          void deleteOne(
            'network',
            { id: 7, previousData: { id: 7 } },
            {
              mutationMode: 'undoable',
              onSuccess: () => notify('ra.notification.deleted', { type: 'info', undoable: true, messageArgs: { smart_count: 1 } }),
            },
          )
        }
      >
        delete
      </button>
    );
  };
  const setup = () => {
    const remove = vi.fn(() => Promise.resolve({ data: { id: 7 } }));
    const dataProvider = { delete: remove } as unknown as DataProvider;
    mountWithToasts(<DeleteLater />, dataProvider);
    fireEvent.click(screen.getByText('delete'));
    return remove;
  };

  it('Undo drops the change: nothing is sent', async () => {
    const remove = setup();
    expect(await screen.findByText('Element deleted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(remove).not.toHaveBeenCalled();
  });

  it('closing the notice sends the change', async () => {
    const remove = setup();
    expect(await screen.findByText('Element deleted')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    act(() => toast.dismiss());
    await waitFor(() => expect(remove).toHaveBeenCalledWith('network', expect.objectContaining({ id: 7 })));
  });
});
