import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { Captcha } from './Captcha';
import { fetchCaptchaChallenge } from './captchaChallenge';

// The widget itself (a web component with a proof-of-work worker) is exercised by the browser tests.
vi.mock('./altchaSetup', () => ({}));

function emit(widget: Element, detail: unknown) {
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail }));
  });
}

describe('<Captcha>', () => {
  it('reports the payload once verified, and null for any other state', () => {
    const onChange = vi.fn();
    const { container } = render(<Captcha onChange={onChange} />);
    const widget = container.querySelector('altcha-widget')!;
    expect(widget).toHaveAttribute('name', 'captcha_token');

    emit(widget, { state: 'verifying', payload: null });
    expect(onChange).toHaveBeenLastCalledWith(null);
    emit(widget, { state: 'verified', payload: 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=' });
    expect(onChange).toHaveBeenLastCalledWith('eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=');
    emit(widget, { state: 'expired', payload: 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=' });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('stops listening once removed', () => {
    const onChange = vi.fn();
    const { container, unmount } = render(<Captcha onChange={onChange} />);
    const widget = container.querySelector('altcha-widget')!;
    unmount();
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'x' } }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('the costly challenge', () => {
  it('points the widget at ?cost=high when asked, and at the usual challenge otherwise', () => {
    const usual = render(<Captcha onChange={vi.fn()} />).container.querySelector('altcha-widget');
    expect(usual).toHaveAttribute('challenge', '/api/captcha');
    const high = render(<Captcha onChange={vi.fn()} cost="high" />).container.querySelector('altcha-widget');
    expect(high).toHaveAttribute('challenge', '/api/captcha?cost=high');
  });

  it('passes only the cost of the widget URL on to the API', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(jsonResponse({})));
    vi.stubGlobal('fetch', fetchMock);
    await fetchCaptchaChallenge('/api/captcha?cost=high&other=1');
    await fetchCaptchaChallenge('/api/captcha?cost=huge');
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/captcha?cost=high', '/api/captcha']);
  });
});

describe('fetchCaptchaChallenge', () => {
  it('gets the challenge through the API client and hands it to the widget as JSON', async () => {
    const challenge = { algorithm: 'SHA-256', challenge: 'ab', maxnumber: 100000, salt: 's?expires=1', signature: 'cd' };
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(challenge));
    vi.stubGlobal('fetch', fetchMock);

    const reply = await fetchCaptchaChallenge();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/captcha');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('X-App-Version')).toBe('90000');
    expect(reply.headers.get('Content-Type')).toBe('application/json');
    expect(await reply.json()).toEqual(challenge);
  });
});
