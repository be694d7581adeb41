import { describe, expect, it } from 'vitest';
import { describeDevice } from './devices';

describe('describeDevice', () => {
  it('given a browser user agent, then it names the browser and the system as a person would', () => {
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/140 Safari/537.36 Edg/140')).toBe(
      'Edge on Windows',
    );
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1')).toBe('Safari on iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0')).toBe(
      'Firefox on macOS',
    );
  });

  it('given no user agent or one that says nothing recognisable, then it is an unknown device', () => {
    expect(describeDevice(null)).toBe('Unknown device');
    expect(describeDevice('')).toBe('Unknown device');
    expect(describeDevice('curl/8.5.0')).toBe('Unknown device');
  });
});
