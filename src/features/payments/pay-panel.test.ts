import { describe, expect, it } from 'vitest';
import { panelBack, payErrorOf, payPanelReturn } from './pay-panel';

describe('the payment panel’s plain-form round trip (issue 23)', () => {
  it('returns a refusal to the panel’s page, keeping its query and replacing an earlier refusal', () => {
    expect(
      payPanelReturn('/ms/donation/x/checkout?invoice=AB&from=cart&payError=not_payable', '/inv', 'rate_limited', 3),
    ).toBe('/ms/donation/x/checkout?invoice=AB&from=cart&payError=rate_limited&minutes=3');
    expect(payPanelReturn('/invoices/AB/appointment', '/inv', 'needs_script')).toBe(
      '/invoices/AB/appointment?payError=needs_script',
    );
  });
  it('never sends the payer to another site, whatever `back` says', () => {
    for (const back of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'evil',
      '',
      undefined,
      '/\tx',
    ]) {
      expect(payPanelReturn(back, '/id/invoices/AB/donation', 'not_payable')).toBe(
        '/id/invoices/AB/donation?payError=not_payable',
      );
    }
  });
  it('reads only known refusals back, with sane minutes', () => {
    expect(payErrorOf(new URLSearchParams('payError=rate_limited&minutes=4'))).toEqual({
      error: 'rate_limited',
      minutes: 4,
    });
    expect(payErrorOf(new URLSearchParams('payError=method_unavailable&minutes=-3'))).toEqual({
      error: 'method_unavailable',
      minutes: 1,
    });
    expect(payErrorOf(new URLSearchParams('payError=<script>'))).toBeNull();
    expect(payErrorOf(new URLSearchParams(''))).toBeNull();
  });
  it('comes back to the panel’s own address without an earlier refusal', () => {
    expect(panelBack('/ms/donation/x/checkout', new URLSearchParams('invoice=AB&payError=x&minutes=2'))).toBe(
      '/ms/donation/x/checkout?invoice=AB',
    );
    expect(panelBack('/invoices/AB/appointment', new URLSearchParams(''))).toBe('/invoices/AB/appointment');
  });
});
