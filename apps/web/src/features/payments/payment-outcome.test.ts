import { ORDER_MESSAGES as M } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { CONFIRM_UNREACHABLE, failureOfConfirm, messageOfStartFailure } from './payment-outcome';

const notVerified = (status: string, gatewayResponse?: string) =>
  new ApiError(402, M.paymentStatus(status), {
    code: 'PAYMENT_NOT_VERIFIED',
    body: { code: 'PAYMENT_NOT_VERIFIED', message: M.paymentStatus(status), status, gatewayResponse },
  });

describe('why a payment failed, as /order/failed tells it', () => {
  it('gives the server’s verify result and the gateway’s reason for a declined card', () => {
    expect(failureOfConfirm(notVerified('failed', 'Declined'), true)).toEqual({
      reason: 'Payment status: failed',
      detail: 'Declined',
    });
  });

  it('gives insufficient funds in the gateway’s own words', () => {
    expect(failureOfConfirm(notVerified('failed', 'Insufficient Funds'), true)).toEqual({
      reason: 'Payment status: failed',
      detail: 'Insufficient Funds',
    });
  });

  it('says the payment was cancelled when the modal was closed before anything was paid', () => {
    expect(failureOfConfirm(notVerified('abandoned'), true)).toEqual({
      reason: M.paymentCancelled,
      detail: 'Payment status: abandoned',
    });
  });

  it('keeps the verify result when the modal reported success but the provider did not confirm it', () => {
    expect(failureOfConfirm(notVerified('abandoned'), false)).toEqual({ reason: 'Payment status: abandoned' });
  });

  it('passes on the retryable message when the provider could not be reached', () => {
    const error = new ApiError(502, M.providerUnavailable, { code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(failureOfConfirm(error, false)).toEqual({ reason: M.providerUnavailable });
  });

  it('asks to wait when the shop refused another confirmation for now (429)', () => {
    const said = new ApiError(429, M.tooManyPaymentAttempts, {
      code: 'TOO_MANY_REQUESTS',
      body: { code: 'TOO_MANY_REQUESTS', message: M.tooManyPaymentAttempts },
    });
    expect(failureOfConfirm(said, false)).toEqual({ reason: M.tooManyPaymentAttempts });
    // A 429 from a proxy, with no message of the shop's: the shop's sentence all the same.
    expect(failureOfConfirm(new ApiError(429, 'Too Many Requests'), true)).toEqual({
      reason: M.tooManyPaymentAttempts,
    });
  });

  it('says the shop could not be reached when the confirmation never arrived', () => {
    expect(failureOfConfirm(new ApiError(0, 'Network error'), false)).toEqual({ reason: CONFIRM_UNREACHABLE });
    expect(failureOfConfirm(new TypeError('boom'), false)).toEqual({ reason: CONFIRM_UNREACHABLE });
  });
});

describe('why a payment could not start, beside the Pay button', () => {
  it('asks to wait after too many attempts (429), in the shop’s words or its own', () => {
    const said = new ApiError(429, M.tooManyPaymentAttempts, {
      code: 'TOO_MANY_REQUESTS',
      body: { code: 'TOO_MANY_REQUESTS', message: M.tooManyPaymentAttempts },
    });
    expect(messageOfStartFailure(said)).toBe(M.tooManyPaymentAttempts);
    expect(messageOfStartFailure(new ApiError(429, 'Too Many Requests'))).toBe(M.tooManyPaymentAttempts);
  });

  it('says plainly that the payment service is not answering, and that the order is kept to pay later', () => {
    const error = new ApiError(502, M.providerUnavailable, {
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: M.providerUnavailable },
    });
    expect(messageOfStartFailure(error)).toBe(M.providerNotAnswering);
    expect(M.providerNotAnswering).toContain('not answering');
    expect(M.providerNotAnswering).toContain('pay for it later from My Orders');
  });

  it('gives the shop’s refusal as it sent it, and the provider’s text when nothing or a fault answered', () => {
    const notPayable = new ApiError(409, M.notPayable, {
      code: 'ORDER_NOT_PAYABLE',
      body: { code: 'ORDER_NOT_PAYABLE', message: M.notPayable },
    });
    expect(messageOfStartFailure(notPayable)).toBe(M.notPayable);
    expect(messageOfStartFailure(new ApiError(0, 'Network error'))).toBe(M.providerUnavailable);
    expect(messageOfStartFailure(new ApiError(500, 'Internal', { code: 'INTERNAL_ERROR' }))).toBe(
      M.providerUnavailable,
    );
  });
});
