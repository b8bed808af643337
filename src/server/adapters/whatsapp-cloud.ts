// The WhatsApp Business Cloud API (Meta's Graph API), as its reference documents the send call:
//   POST https://graph.facebook.com/<version>/<WHATSAPP_BUSINESS_PHONE_NUMBER_ID>/messages
//   Authorization: Bearer <access token>, Content-Type: application/json
// with a text message { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text',
// text: { preview_url, body } } (body up to 4096 characters), or, when a template is configured, a
// template message { ..., type: 'template', template: { name, language: { code }, components:
// [{ type: 'body', parameters: [{ type: 'text', text }] }] } }. WhatsApp delivers a free text only
// inside a conversation the customer opened in the last 24 hours; updates the business starts
// need an approved template, hence WHATSAPP_TEMPLATE. Answers: 200 { messaging_product, contacts,
// messages: [{ id }] }; an error { error: { message, type, code } } with a 4xx/5xx.
import { WhatsAppSendError, type WhatsAppMessage, type WhatsAppSender } from './whatsapp.ts';

export interface CloudApiOptions {
  accessToken: string;
  /** The business phone number's id in the WhatsApp Manager (not the number). */
  phoneNumberId: string;
  /** e.g. 'v25.0'. */
  apiVersion: string;
  /** Origin of the Graph API, default https://graph.facebook.com. */
  apiUrl: string;
  /** An approved template with one body variable per templateParams entry; null sends text messages. */
  template: { name: string; language: string } | null;
  /** Per request; default 5 s, so a slow API never holds the status change that sent the update for long. */
  timeoutMs?: number;
}

/** The JSON body of the send call for one message. */
function cloudApiMessageBody(message: WhatsAppMessage, template: CloudApiOptions['template']): Record<string, unknown> {
  const head = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
  if (!template) return { ...head, type: 'text', text: { preview_url: true, body: message.text } };
  return {
    ...head,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: [{ type: 'body', parameters: message.templateParams.map((text) => ({ type: 'text', text })) }],
    },
  };
}

export function createCloudApiSender(opts: CloudApiOptions): WhatsAppSender {
  const url = `${opts.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.apiVersion)}/${encodeURIComponent(opts.phoneNumberId)}/messages`;
  return {
    engine: 'cloud_api',
    connected: true,
    async send(message) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${opts.accessToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(cloudApiMessageBody(message, opts.template)),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
      } catch (err) {
        throw new WhatsAppSendError(`WhatsApp Cloud API unreachable: ${(err as Error).message}`, { cause: err });
      }
      const answer = (await res.json().catch(() => null)) as { error?: { message?: string; code?: number }; messages?: { id?: string }[] } | null;
      if (!res.ok)
        throw new WhatsAppSendError(`WhatsApp Cloud API ${res.status}: ${answer?.error?.message ?? 'no error message'} (code ${answer?.error?.code ?? '-'})`);
      if (!answer?.messages?.[0]?.id) throw new WhatsAppSendError('WhatsApp Cloud API answered without a message id');
    },
  };
}
