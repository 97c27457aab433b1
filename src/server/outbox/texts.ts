import type { Locale } from '../../i18n/locales';
import type {
  BookingApprovedPayload,
  BookingDeclinedPayload,
  ContactCodePayload,
  LoginCodePayload,
  ReceiptPayload,
  StaffInvitePayload,
} from './template-payloads';

/**
 * The outbox's own wording, kept apart from the page catalogues: these texts leave the site
 * (SMS, e-mail) and are read without the page around them. Paragraphs become blank-line
 * separated text and <p> elements in HTML.
 */
export interface MessageText {
  subject: string;
  paragraphs: string[];
}

export type Wording<P> = Record<Locale, (payload: P) => MessageText>;

const enMinutes = (n: number) => (n === 1 ? '1 minute' : `${n} minutes`);
const enHours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

export const loginCodeText: Wording<LoginCodePayload> = {
  en: ({ code, organisation, minutes }) => ({
    subject: `Your ${organisation} login code`,
    paragraphs: [`Your ${organisation} login code is ${code}. It expires in ${enMinutes(minutes)}. Never share it.`],
  }),
  ms: ({ code, organisation, minutes }) => ({
    subject: `Kod log masuk ${organisation} anda`,
    paragraphs: [
      `Kod log masuk ${organisation} anda ialah ${code}. Kod ini sah selama ${minutes} minit. Jangan kongsikan kod ini dengan sesiapa.`,
    ],
  }),
  id: ({ code, organisation, minutes }) => ({
    subject: `Kode masuk ${organisation} Anda`,
    paragraphs: [
      `Kode masuk ${organisation} Anda adalah ${code}. Kode ini berlaku selama ${minutes} menit. Jangan berikan kode ini kepada siapa pun.`,
    ],
  }),
};

export const contactCodeText: Wording<ContactCodePayload> = {
  en: ({ code, organisation, minutes }) => ({
    subject: `Confirm your new contact details for ${organisation}`,
    paragraphs: [
      `Your code to add this contact to your ${organisation} account is ${code}. It expires in ${enMinutes(minutes)}. Never share it.`,
      `If you did not ask for this, ignore this message: nothing changes.`,
    ],
  }),
  ms: ({ code, organisation, minutes }) => ({
    subject: `Sahkan maklumat hubungan baharu anda untuk ${organisation}`,
    paragraphs: [
      `Kod untuk menambah maklumat hubungan ini pada akaun ${organisation} anda ialah ${code}. Kod ini sah selama ${minutes} minit. Jangan kongsikan kod ini dengan sesiapa.`,
      `Jika anda tidak memintanya, abaikan sahaja mesej ini: tiada apa-apa yang berubah.`,
    ],
  }),
  id: ({ code, organisation, minutes }) => ({
    subject: `Konfirmasi kontak baru Anda untuk ${organisation}`,
    paragraphs: [
      `Kode untuk menambahkan kontak ini ke akun ${organisation} Anda adalah ${code}. Kode ini berlaku selama ${minutes} menit. Jangan berikan kode ini kepada siapa pun.`,
      `Jika Anda tidak memintanya, abaikan pesan ini: tidak ada yang berubah.`,
    ],
  }),
};

export const staffInviteText: Wording<StaffInvitePayload> = {
  en: ({ organisation, name, link, hours }) => ({
    subject: `You're invited to join ${organisation}`,
    paragraphs: [
      `Hello ${name},`,
      `${organisation} has invited you to join its team. Set your password here to get started: ${link}`,
      `This link expires in ${enHours(hours)}. If you weren't expecting this invitation, you can ignore this message.`,
    ],
  }),
  ms: ({ organisation, name, link, hours }) => ({
    subject: `Jemputan untuk menyertai ${organisation}`,
    paragraphs: [
      `Salam ${name},`,
      `${organisation} menjemput anda untuk menyertai pasukannya. Tetapkan kata laluan anda di sini untuk bermula: ${link}`,
      `Pautan ini sah selama ${hours} jam. Jika anda tidak menjangkakan jemputan ini, abaikan sahaja mesej ini.`,
    ],
  }),
  id: ({ organisation, name, link, hours }) => ({
    subject: `Undangan untuk bergabung dengan ${organisation}`,
    paragraphs: [
      `Halo ${name},`,
      `${organisation} mengundang Anda untuk bergabung dengan timnya. Buat kata sandi Anda di sini untuk memulai: ${link}`,
      `Tautan ini berlaku selama ${hours} jam. Jika Anda merasa tidak seharusnya menerima undangan ini, abaikan saja pesan ini.`,
    ],
  }),
};

export const receiptText: Wording<ReceiptPayload> = {
  en: ({ organisation, name, number, amount, link }) => ({
    subject: `Receipt ${number} from ${organisation}`,
    paragraphs: [
      name ? `Hello ${name},` : 'Hello,',
      `Thank you. We received your payment of ${amount} for ${number}.`,
      `Your receipt: ${link}`,
    ],
  }),
  ms: ({ organisation, name, number, amount, link }) => ({
    subject: `Resit ${number} daripada ${organisation}`,
    paragraphs: [
      name ? `Salam ${name},` : 'Salam,',
      `Terima kasih. Kami telah menerima bayaran anda sebanyak ${amount} untuk ${number}.`,
      `Resit anda: ${link}`,
    ],
  }),
  id: ({ organisation, name, number, amount, link }) => ({
    subject: `Kuitansi ${number} dari ${organisation}`,
    paragraphs: [
      name ? `Halo ${name},` : 'Halo,',
      `Terima kasih. Kami telah menerima pembayaran Anda sebesar ${amount} untuk ${number}.`,
      `Kuitansi Anda: ${link}`,
    ],
  }),
};

export const bookingApprovedText: Wording<BookingApprovedPayload> = {
  en: ({ organisation, name, service, when, link }) => ({
    subject: `Your appointment at ${organisation} is confirmed`,
    paragraphs: [
      name ? `Hello ${name},` : 'Hello,',
      `${organisation} has approved your request for ${service}. Your appointment: ${when}.`,
      `Details: ${link}`,
    ],
  }),
  ms: ({ organisation, name, service, when, link }) => ({
    subject: `Temu janji anda di ${organisation} telah disahkan`,
    paragraphs: [
      name ? `Salam ${name},` : 'Salam,',
      `${organisation} telah meluluskan permintaan anda untuk ${service}. Temu janji anda: ${when}.`,
      `Butiran: ${link}`,
    ],
  }),
  id: ({ organisation, name, service, when, link }) => ({
    subject: `Janji temu Anda di ${organisation} telah dikonfirmasi`,
    paragraphs: [
      name ? `Halo ${name},` : 'Halo,',
      `${organisation} telah menyetujui permintaan Anda untuk ${service}. Jadwal Anda: ${when}.`,
      `Detail: ${link}`,
    ],
  }),
};

export const bookingDeclinedText: Wording<BookingDeclinedPayload> = {
  en: ({ organisation, name, service, when, reason, link }) => ({
    subject: `Your appointment request at ${organisation}`,
    paragraphs: [
      name ? `Hello ${name},` : 'Hello,',
      `Sorry, ${organisation} cannot accept your request for ${service} (${when}).`,
      ...(reason ? [`Reason: ${reason}`] : []),
      `You can choose another time here: ${link}`,
    ],
  }),
  ms: ({ organisation, name, service, when, reason, link }) => ({
    subject: `Permintaan temu janji anda di ${organisation}`,
    paragraphs: [
      name ? `Salam ${name},` : 'Salam,',
      `Harap maaf, ${organisation} tidak dapat menerima permintaan anda untuk ${service} (${when}).`,
      ...(reason ? [`Sebab: ${reason}`] : []),
      `Anda boleh memilih masa lain di sini: ${link}`,
    ],
  }),
  id: ({ organisation, name, service, when, reason, link }) => ({
    subject: `Permintaan janji temu Anda di ${organisation}`,
    paragraphs: [
      name ? `Halo ${name},` : 'Halo,',
      `Mohon maaf, ${organisation} tidak dapat menerima permintaan Anda untuk ${service} (${when}).`,
      ...(reason ? [`Alasan: ${reason}`] : []),
      `Anda dapat memilih waktu lain di sini: ${link}`,
    ],
  }),
};
