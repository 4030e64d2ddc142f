// PaystackPop for the shop's offline test gateway, served at /test-gateway/v1/inline.js and
// /test-gateway/v2/inline.js. The same calls as Paystack's inline script:
//   v2: new PaystackPop().newTransaction({key, email, amount, reference, metadata,
//       onSuccess, onCancel, onError, onLoad}) and .resumeTransaction(accessCode, callbacks)
//   v1: PaystackPop.setup({key, email, amount, ref, metadata, callback, onClose}).openIframe()
// It shows a card form in a modal dialog on the page itself (no frame, no outside assets, only
// requests to its own origin) and takes the test cards of docs/payments.md. When the transaction's
// channels allow them, the same window offers a bank transfer (a test account number and the exact
// amount) and USSD (a code), each settled by a button that completes or fails the payment.
(() => {
  if (window.PaystackPop?.isTestGateway) return;

  const scriptSrc =
    document.currentScript?.src ??
    [...document.querySelectorAll('script[src*="/inline.js"]')].map((script) => script.src).pop() ??
    `${window.location.origin}/test-gateway/v2/inline.js`;
  /** The gateway's base, e.g. https://shop.example/test-gateway/ */
  const BASE = new URL('..', scriptSrc).href;

  const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
  const formatKobo = (kobo) => nairaFormat.format(Number(kobo) / 100);

  const CSS = `
    :host { all: initial; }
    .overlay { position: fixed; inset: 0; z-index: 2147483647; display: flex; align-items: center; justify-content: center;
      background: rgba(17, 24, 39, 0.6); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; }
    .dialog { position: relative; box-sizing: border-box; width: min(92vw, 400px); max-height: 94vh; overflow: auto;
      background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 20px 50px rgba(0, 0, 0, 0.35); }
    .dialog:focus { outline: none; }
    h2 { margin: 0 0 4px; font-size: 18px; }
    .meta { margin: 0 0 16px; color: #4b5563; font-size: 14px; word-break: break-all; }
    .badge { display: inline-block; margin-bottom: 12px; padding: 2px 8px; border-radius: 999px; background: #fef3c7;
      color: #92400e; font-size: 12px; font-weight: 600; }
    label { display: block; margin: 12px 0 4px; font-size: 14px; font-weight: 600; }
    input { box-sizing: border-box; width: 100%; padding: 10px 12px; border: 1px solid #9ca3af; border-radius: 8px;
      font: inherit; color: inherit; background: #fff; }
    input:focus-visible, button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
    input[aria-invalid="true"] { border-color: #b91c1c; }
    .row { display: flex; gap: 12px; }
    .row > div { flex: 1; }
    .pay { width: 100%; margin-top: 20px; padding: 12px; border: 0; border-radius: 8px; background: #047857; color: #fff;
      font: inherit; font-weight: 700; cursor: pointer; }
    .pay[disabled] { opacity: 0.7; cursor: progress; }
    .close { position: absolute; top: 8px; right: 8px; width: 40px; height: 40px; border: 0; border-radius: 8px;
      background: transparent; color: #374151; font-size: 24px; line-height: 1; cursor: pointer; }
    .close:hover { background: #f3f4f6; }
    .alert { margin: 12px 0 0; padding: 8px 12px; border-radius: 8px; background: #fee2e2; color: #991b1b; font-size: 14px; }
    .alert:empty { display: none; }
    .hint { margin: 8px 0 0; color: #4b5563; font-size: 13px; }
    .channels { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 16px; }
    .channel { flex: 1; min-width: 96px; padding: 8px 10px; border: 1px solid #9ca3af; border-radius: 8px;
      background: #fff; color: #111827; font: inherit; font-size: 14px; cursor: pointer; }
    .channel[aria-pressed="true"] { border: 2px solid #047857; background: #ecfdf5; font-weight: 700; }
    .facts { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 12px 0 0; font-size: 15px; }
    .facts dt { color: #4b5563; }
    .facts dd { margin: 0; font-weight: 600; word-break: break-all; }
    .code { font: 700 22px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; letter-spacing: 0.04em; }
    .secondary { width: 100%; margin-top: 10px; padding: 12px; border: 1px solid #b91c1c; border-radius: 8px;
      background: #fff; color: #991b1b; font: inherit; font-weight: 600; cursor: pointer; }
    .secondary[disabled] { opacity: 0.7; cursor: progress; }
    [hidden] { display: none !important; }
  `;

  let current = null;

  async function call(path, init) {
    const response = await fetch(BASE + path, {
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      ...init,
    });
    let body = {};
    try {
      body = await response.json();
    } catch {
      body = {};
    }
    return { ok: response.ok, status: response.status, body };
  }

  function element(tag, attributes = {}, children = []) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function field(id, label, attributes) {
    return element('div', {}, [
      element('label', { for: id, text: label }),
      element('input', { id, name: id, required: '', ...attributes }),
    ]);
  }

  /** One open card form. `callbacks`: onSuccess, onCancel, onError, onLoad (v2 names). */
  function openModal(load, callbacks) {
    if (current) current.dismiss(false);
    const previousFocus = document.activeElement;
    const previousOverflow = document.body.style.overflow;
    const host = element('div', { 'data-paystack-test-gateway': '' });
    const root = host.attachShadow({ mode: 'open' });
    if (
      'adoptedStyleSheets' in root &&
      typeof CSSStyleSheet === 'function' &&
      'replaceSync' in CSSStyleSheet.prototype
    ) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } else {
      root.append(element('style', { text: CSS }));
    }

    const title = element('h2', { id: 'pstg-title', text: 'Pay with card' });
    const meta = element('p', { class: 'meta', id: 'pstg-meta', text: 'Loading…' });
    const alert = element('p', { class: 'alert', role: 'alert', id: 'pstg-alert' });
    const closeButton = element('button', { type: 'button', class: 'close', 'aria-label': 'Close', text: '×' });
    const cardStep = element('div', {}, [
      field('pstg-card', 'Card number', {
        inputmode: 'numeric',
        autocomplete: 'cc-number',
        placeholder: '0000 0000 0000 0000',
        maxlength: '23',
      }),
      element('div', { class: 'row' }, [
        field('pstg-expiry', 'Expiry', {
          inputmode: 'numeric',
          autocomplete: 'cc-exp',
          placeholder: 'MM/YY',
          maxlength: '7',
        }),
        field('pstg-cvv', 'CVV', { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: '123', maxlength: '4' }),
      ]),
    ]);
    const pinStep = element('div', { hidden: '' }, [
      field('pstg-pin', 'PIN', { type: 'password', inputmode: 'numeric', autocomplete: 'off', maxlength: '4' }),
      element('p', { class: 'hint', text: 'Enter the 4-digit PIN of the card.' }),
    ]);
    const otpStep = element('div', { hidden: '' }, [
      field('pstg-otp', 'OTP', { inputmode: 'numeric', autocomplete: 'one-time-code', maxlength: '8' }),
      element('p', { class: 'hint', text: 'Enter the one-time password sent to your phone.' }),
    ]);
    const payButton = element('button', { type: 'submit', class: 'pay', text: 'Pay' });
    const form = element('form', { novalidate: '' }, [cardStep, pinStep, otpStep, payButton]);
    form.hidden = true;
    const channelPicker = element('div', { class: 'channels', role: 'group', 'aria-label': 'Pay with' });
    channelPicker.hidden = true;
    const transferPanel = element('div', { 'data-channel': 'bank_transfer' });
    const ussdPanel = element('div', { 'data-channel': 'ussd' });
    transferPanel.hidden = true;
    ussdPanel.hidden = true;
    const dialog = element(
      'div',
      {
        class: 'dialog',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'pstg-title',
        'aria-describedby': 'pstg-meta',
        tabindex: '-1',
      },
      [
        closeButton,
        element('span', { class: 'badge', text: 'Test payment' }),
        title,
        meta,
        channelPicker,
        form,
        transferPanel,
        ussdPanel,
        alert,
      ],
    );
    const overlay = element('div', { class: 'overlay' }, [dialog]);
    root.append(overlay);
    document.body.append(host);
    document.body.style.overflow = 'hidden';
    dialog.focus();

    const input = (id) => root.getElementById(id);
    let transaction = null;
    let step = 'card';
    let busy = false;
    let finished = false;

    function dismiss(notify) {
      if (finished) return;
      finished = true;
      host.remove();
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKeydown, true);
      if (current?.dismiss === dismiss) current = null;
      if (previousFocus && typeof previousFocus.focus === 'function' && previousFocus.isConnected)
        previousFocus.focus();
      if (notify) notify();
    }
    current = { dismiss };

    const cancel = () => dismiss(() => callbacks.onCancel?.());

    function focusables() {
      return [...root.querySelectorAll('button, input')].filter((node) => !node.disabled && node.offsetParent !== null);
    }

    function onKeydown(event) {
      if (finished) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cancel();
        return;
      }
      if (event.key !== 'Tab') return;
      const nodes = focusables();
      if (nodes.length === 0) return;
      const active = root.activeElement;
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      if (event.shiftKey && (active === first || !nodes.includes(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !nodes.includes(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeydown, true);
    closeButton.addEventListener('click', cancel);
    overlay.addEventListener('mousedown', (event) => {
      if (event.target === overlay) cancel();
    });

    const CHANNEL_TITLES = { card: 'Pay with card', bank_transfer: 'Pay by bank transfer', ussd: 'Pay with USSD' };
    const CHANNEL_NAMES = { card: 'Card', bank_transfer: 'Bank transfer', ussd: 'USSD' };

    function facts(rows) {
      const list = element('dl', { class: 'facts' });
      for (const [label, value, extra = {}] of rows) {
        list.append(element('dt', { text: label }), element('dd', { text: value, ...extra }));
      }
      return list;
    }

    /** The bank transfer's and USSD's panels, drawn once the transaction is known. */
    function drawButtonChannels() {
      const amount = formatKobo(transaction.amount);
      if (transaction.bankTransfer) {
        const account = transaction.bankTransfer;
        transferPanel.replaceChildren(
          element('p', { text: `Transfer exactly ${amount} to this account, then tell us below.` }),
          facts([
            ['Bank', account.bankName],
            ['Account number', account.accountNumber, { 'data-field': 'account-number' }],
            ['Account name', account.accountName],
            ['Amount', amount, { 'data-field': 'amount' }],
          ]),
          settleButton('bank_transfer', 'success', 'I’ve sent the money'),
          settleButton('bank_transfer', 'failed', 'Transfer failed'),
        );
      }
      if (transaction.ussdCode) {
        ussdPanel.replaceChildren(
          element('p', { text: 'Dial this code on the phone registered with your bank, and approve the payment:' }),
          element('p', { class: 'code', text: transaction.ussdCode, 'data-field': 'ussd-code' }),
          facts([['Amount', amount, { 'data-field': 'amount' }]]),
          settleButton('ussd', 'success', 'I’ve paid with USSD'),
          settleButton('ussd', 'failed', 'USSD payment failed'),
        );
      }
    }

    function settleButton(forChannel, outcome, label) {
      const button = element('button', {
        type: 'button',
        class: outcome === 'success' ? 'pay' : 'secondary',
        text: label,
      });
      button.addEventListener('click', () => settle(forChannel, outcome));
      return button;
    }

    async function settle(forChannel, outcome) {
      if (busy || !transaction) return;
      busy = true;
      const buttons = [...root.querySelectorAll(`[data-channel="${forChannel}"] button`)];
      for (const button of buttons) button.disabled = true;
      showError('');
      let answer;
      try {
        answer = await call('checkout/channel', {
          method: 'POST',
          body: JSON.stringify({ accessCode: transaction.accessCode, channel: forChannel, outcome }),
        });
      } catch {
        answer = null;
      }
      busy = false;
      for (const button of buttons) button.disabled = false;
      if (finished) return;
      const body = answer?.body ?? {};
      if (!answer || (!answer.ok && !body.message)) {
        return showError('Could not reach the payment gateway. Please try again.');
      }
      if (!answer.ok) return showError(body.message);
      if (body.status === 'success') {
        const id = String(body.transactionId);
        const result = {
          reference: body.reference,
          status: 'success',
          trans: id,
          transaction: id,
          trxref: body.reference,
          message: 'Approved',
          id,
        };
        return dismiss(() => callbacks.onSuccess?.(result));
      }
      // As for a declined card: the reason stays on screen and the window stays open.
      showError(body.message ?? 'The payment could not be processed');
    }

    function showChannel(next) {
      title.textContent = CHANNEL_TITLES[next] ?? 'Pay';
      for (const button of channelPicker.querySelectorAll('button')) {
        button.setAttribute('aria-pressed', String(button.dataset.channel === next));
      }
      form.hidden = next !== 'card';
      transferPanel.hidden = next !== 'bank_transfer';
      ussdPanel.hidden = next !== 'ussd';
      showError('');
      if (next === 'card') showStep('card');
    }

    function drawChannelPicker() {
      const channels = transaction.channels ?? ['card'];
      channelPicker.replaceChildren(
        ...channels.map((name) => {
          const button = element('button', {
            type: 'button',
            class: 'channel',
            'data-channel': name,
            'aria-pressed': 'false',
            text: CHANNEL_NAMES[name] ?? name,
          });
          button.addEventListener('click', () => showChannel(name));
          return button;
        }),
      );
      channelPicker.hidden = channels.length < 2;
    }

    function showStep(next) {
      step = next;
      cardStep.hidden = next !== 'card';
      pinStep.hidden = next !== 'pin';
      otpStep.hidden = next !== 'otp';
      payButton.textContent = next === 'card' ? `Pay ${formatKobo(transaction.amount)}` : 'Continue';
      const target = input(next === 'card' ? 'pstg-card' : next === 'pin' ? 'pstg-pin' : 'pstg-otp');
      if (next !== 'card') target.value = '';
      target.focus();
    }

    function showError(message, fieldId) {
      alert.textContent = message;
      for (const node of root.querySelectorAll('input')) node.removeAttribute('aria-invalid');
      if (fieldId) {
        const target = input(fieldId);
        target.setAttribute('aria-invalid', 'true');
        target.focus();
      }
    }

    function expiryValue() {
      const raw = input('pstg-expiry').value.trim();
      const compact = raw.replace(/\s/g, '');
      return /^\d{4}$/.test(compact) ? `${compact.slice(0, 2)}/${compact.slice(2)}` : compact;
    }

    const FIELD_IDS = {
      cardNumber: 'pstg-card',
      expiry: 'pstg-expiry',
      cvv: 'pstg-cvv',
      pin: 'pstg-pin',
      otp: 'pstg-otp',
    };

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (busy || !transaction) return;
      const payload = {
        accessCode: transaction.accessCode,
        cardNumber: input('pstg-card').value,
        expiry: expiryValue(),
        cvv: input('pstg-cvv').value.trim(),
      };
      if (step === 'pin' || step === 'otp') payload.pin = input('pstg-pin').value.trim();
      if (step === 'otp') payload.otp = input('pstg-otp').value.trim();
      if (step === 'card' && !payload.cardNumber.trim()) return showError('Enter your card number', 'pstg-card');
      if (step === 'pin' && !payload.pin) return showError('Enter your PIN', 'pstg-pin');
      if (step === 'otp' && !payload.otp) return showError('Enter the OTP', 'pstg-otp');
      busy = true;
      payButton.disabled = true;
      form.setAttribute('aria-busy', 'true');
      showError('');
      let answer;
      try {
        answer = await call('checkout/charge', { method: 'POST', body: JSON.stringify(payload) });
      } catch {
        answer = null;
      }
      busy = false;
      payButton.disabled = false;
      form.removeAttribute('aria-busy');
      if (finished) return;
      const body = answer?.body ?? {};
      if (!answer || (!answer.ok && !body.message)) {
        return showError('Could not reach the payment gateway. Please try again.');
      }
      if (!answer.ok) return showError(body.message);
      switch (body.status) {
        case 'success': {
          const id = String(body.transactionId);
          const result = {
            reference: body.reference,
            status: 'success',
            trans: id,
            transaction: id,
            trxref: body.reference,
            message: 'Approved',
            id,
          };
          return dismiss(() => callbacks.onSuccess?.(result));
        }
        case 'send_pin':
          showStep('pin');
          return;
        case 'send_otp':
          showStep('otp');
          return;
        case 'failed':
          // The reason stays on screen and the form stays open: another card may be tried.
          showStep('card');
          showError(body.message);
          return;
        default:
          return showError(body.message ?? 'The payment could not be processed', FIELD_IDS[body.field]);
      }
    });

    load().then(
      (loaded) => {
        if (finished) return;
        transaction = loaded;
        meta.textContent = `${loaded.email} · ${formatKobo(loaded.amount)} · ${loaded.reference}`;
        const channels = loaded.channels?.length ? loaded.channels : ['card'];
        drawButtonChannels();
        drawChannelPicker();
        // A card first when it is allowed, as Paystack's window opens.
        showChannel(channels.includes('card') ? 'card' : channels[0]);
        callbacks.onLoad?.({
          id: loaded.transactionId,
          accessCode: loaded.accessCode,
          customer: { email: loaded.email },
        });
        if (loaded.status === 'success') {
          const id = String(loaded.transactionId);
          dismiss(() =>
            callbacks.onSuccess?.({
              reference: loaded.reference,
              status: 'success',
              trans: id,
              transaction: id,
              trxref: loaded.reference,
              message: 'Approved',
              id,
            }),
          );
        }
      },
      (error) => dismiss(() => callbacks.onError?.({ message: error.message })),
    );
    return current;
  }

  async function loadByAccessCode(accessCode) {
    const answer = await call(`checkout/transaction/${encodeURIComponent(accessCode)}`, { method: 'GET' });
    if (!answer.ok) throw new Error(answer.body.message ?? 'Transaction not found');
    return answer.body.data;
  }

  async function loadNew(options) {
    const answer = await call('checkout/transaction', {
      method: 'POST',
      body: JSON.stringify({
        key: options.key,
        email: options.email,
        amount: options.amount,
        currency: options.currency,
        reference: options.reference ?? options.ref,
        channels: options.channels,
        metadata: options.metadata,
      }),
    });
    if (!answer.ok) throw new Error(answer.body.message ?? 'The transaction could not be started');
    return answer.body.data;
  }

  const wrap = (load) => async () => {
    try {
      return await load();
    } catch (error) {
      throw error instanceof TypeError ? new Error('Could not reach the payment gateway') : error;
    }
  };

  class PaystackPop {
    static isTestGateway = true;

    /** v1: PaystackPop.setup({...}).openIframe(); callback(response) and onClose(). */
    static setup(options) {
      const callbacks = {
        onSuccess: (response) => options.callback?.(response),
        onCancel: () => options.onClose?.(),
        onError: (error) => (options.onError ? options.onError(error) : options.onClose?.()),
        onLoad: options.onLoad,
      };
      const accessCode = options.access_code ?? options.accessCode;
      return {
        openIframe() {
          openModal(wrap(accessCode ? () => loadByAccessCode(accessCode) : () => loadNew(options)), callbacks);
        },
      };
    }

    newTransaction(options) {
      const accessCode = options.accessCode ?? options.access_code;
      return openModal(wrap(accessCode ? () => loadByAccessCode(accessCode) : () => loadNew(options)), options);
    }

    resumeTransaction(accessCode, callbacks = {}) {
      return openModal(
        wrap(() => loadByAccessCode(accessCode)),
        callbacks,
      );
    }

    cancelTransaction() {
      current?.dismiss(false);
    }
  }

  window.PaystackPop = PaystackPop;
})();
