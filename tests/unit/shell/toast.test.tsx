import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { TOAST_CONTAINER_CONFIG, TOAST_TYPES, toasts } from '../../../src/shell/toast';

describe('toast container (SPEC A1)', () => {
  it('is top-center, closes after 3000 ms, has no progress bar, light theme, closes on click', () => {
    expect(TOAST_CONTAINER_CONFIG).toEqual({ position: 'top-center', autoClose: 3000, hideProgressBar: true, theme: 'light', closeOnClick: true });
  });
  it('knows the five types', () => {
    expect([...TOAST_TYPES]).toEqual(['info', 'success', 'warning', 'error', 'default']);
  });
});

describe('toast layer', () => {
  it('adds, dedupes an identical message, updates a loading toast to success', async () => {
    render(<ToastContainer {...TOAST_CONTAINER_CONFIG} autoClose={false} />);
    act(() => {
      toasts.add('error', 'Wrong account or password.');
      toasts.add('error', 'Wrong account or password.');
    });
    expect(await screen.findAllByText('Wrong account or password.')).toHaveLength(1);

    let id: string | number = '';
    act(() => {
      id = toasts.loading('Executing proposal…');
    });
    expect(await screen.findByText('Executing proposal…')).toBeTruthy();
    act(() => toasts.settle(id, 'success', 'Proposal executed'));
    expect(await screen.findByText('Proposal executed')).toBeTruthy();
  });
});
