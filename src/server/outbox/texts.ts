import type { Locale } from '../../i18n/locales';
import type {
  BookingApprovedPayload,
  BookingCancelledPayload,
  BookingConfirmedPayload,
  BookingDeclinedPayload,
  BookingNoticePayload,
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

/** "Dr Aminah · Klinik Sihat Bersama, 12 Jalan …": who and where, for a booking's messages. */
const withWhom = (practitioner: string, label: string) => (practitioner ? [`${label}: ${practitioner}`] : []);
const where = (address: string, label: string) => (address ? [`${label}: ${address}`] : []);

export const bookingConfirmedText: Wording<BookingConfirmedPayload> = {
  en: (p) => ({
    subject: `Your appointment at ${p.organisation} is confirmed`,
    paragraphs: [
      p.name ? `Hello ${p.name},` : 'Hello,',
      `Your appointment for ${p.service} is confirmed: ${p.when}.`,
      ...withWhom(p.practitioner, 'With'),
      ...where(p.address, 'Address'),
      ...(p.payAtCounter ? [`Please pay ${p.payAtCounter} at our front counter when you arrive.`] : []),
      `Add it to your calendar, cancel or change the time: ${p.link}`,
      ...(p.calendar ? [`Calendar file: ${p.calendar}`] : []),
    ],
  }),
  ms: (p) => ({
    subject: `Temu janji anda di ${p.organisation} telah disahkan`,
    paragraphs: [
      p.name ? `Salam ${p.name},` : 'Salam,',
      `Temu janji anda untuk ${p.service} telah disahkan: ${p.when}.`,
      ...withWhom(p.practitioner, 'Bersama'),
      ...where(p.address, 'Alamat'),
      ...(p.payAtCounter ? [`Sila bayar ${p.payAtCounter} di kaunter hadapan kami semasa anda tiba.`] : []),
      `Tambah ke kalendar, batalkan atau tukar masa: ${p.link}`,
      ...(p.calendar ? [`Fail kalendar: ${p.calendar}`] : []),
    ],
  }),
  id: (p) => ({
    subject: `Janji temu Anda di ${p.organisation} telah dikonfirmasi`,
    paragraphs: [
      p.name ? `Halo ${p.name},` : 'Halo,',
      `Janji temu Anda untuk ${p.service} telah dikonfirmasi: ${p.when}.`,
      ...withWhom(p.practitioner, 'Dengan'),
      ...where(p.address, 'Alamat'),
      ...(p.payAtCounter ? [`Silakan bayar ${p.payAtCounter} di loket depan kami saat Anda tiba.`] : []),
      `Tambahkan ke kalender, batalkan, atau ubah waktu: ${p.link}`,
      ...(p.calendar ? [`File kalender: ${p.calendar}`] : []),
    ],
  }),
};

export const bookingRequestedText: Wording<BookingNoticePayload> = {
  en: (p) => ({
    subject: `We received your appointment request at ${p.organisation}`,
    paragraphs: [
      p.name ? `Hello ${p.name},` : 'Hello,',
      `We received your request for ${p.service} on ${p.when}. ${p.organisation} will confirm or decline it; we will let you know.`,
      ...where(p.address, 'Address'),
      `Follow your request: ${p.link}`,
    ],
  }),
  ms: (p) => ({
    subject: `Permintaan temu janji anda di ${p.organisation} telah diterima`,
    paragraphs: [
      p.name ? `Salam ${p.name},` : 'Salam,',
      `Kami telah menerima permintaan anda untuk ${p.service} pada ${p.when}. ${p.organisation} akan meluluskan atau menolaknya; kami akan memaklumkan anda.`,
      ...where(p.address, 'Alamat'),
      `Ikuti permintaan anda: ${p.link}`,
    ],
  }),
  id: (p) => ({
    subject: `Permintaan janji temu Anda di ${p.organisation} sudah kami terima`,
    paragraphs: [
      p.name ? `Halo ${p.name},` : 'Halo,',
      `Kami telah menerima permintaan Anda untuk ${p.service} pada ${p.when}. ${p.organisation} akan menyetujui atau menolaknya; kami akan memberi tahu Anda.`,
      ...where(p.address, 'Alamat'),
      `Pantau permintaan Anda: ${p.link}`,
    ],
  }),
};

export const bookingCancelledText: Wording<BookingCancelledPayload> = {
  en: (p) => ({
    subject: `Your appointment at ${p.organisation} is cancelled`,
    paragraphs: [
      p.name ? `Hello ${p.name},` : 'Hello,',
      `Your appointment for ${p.service} on ${p.when} is cancelled.`,
      ...(p.refundDue ? ['You had paid for it: the clinic will refund you and will contact you about it.'] : []),
      ...(p.phone ? [`Questions? Call ${p.organisation} at ${p.phone}.`] : []),
      `Book again: ${p.link}`,
    ],
  }),
  ms: (p) => ({
    subject: `Temu janji anda di ${p.organisation} telah dibatalkan`,
    paragraphs: [
      p.name ? `Salam ${p.name},` : 'Salam,',
      `Temu janji anda untuk ${p.service} pada ${p.when} telah dibatalkan.`,
      ...(p.refundDue
        ? ['Anda telah membayar untuknya: klinik akan memulangkan bayaran anda dan akan menghubungi anda mengenainya.']
        : []),
      ...(p.phone ? [`Ada pertanyaan? Hubungi ${p.organisation} di ${p.phone}.`] : []),
      `Buat temu janji baharu: ${p.link}`,
    ],
  }),
  id: (p) => ({
    subject: `Janji temu Anda di ${p.organisation} telah dibatalkan`,
    paragraphs: [
      p.name ? `Halo ${p.name},` : 'Halo,',
      `Janji temu Anda untuk ${p.service} pada ${p.when} telah dibatalkan.`,
      ...(p.refundDue
        ? ['Anda sudah membayarnya: klinik akan mengembalikan dana Anda dan akan menghubungi Anda.']
        : []),
      ...(p.phone ? [`Ada pertanyaan? Hubungi ${p.organisation} di ${p.phone}.`] : []),
      `Buat janji temu lagi: ${p.link}`,
    ],
  }),
};

export const bookingRescheduledText: Wording<BookingNoticePayload> = {
  en: (p) => ({
    subject: `Your appointment at ${p.organisation} has a new time`,
    paragraphs: [
      p.name ? `Hello ${p.name},` : 'Hello,',
      `Your appointment for ${p.service} is now on ${p.when}.`,
      ...withWhom(p.practitioner, 'With'),
      ...where(p.address, 'Address'),
      `Add it to your calendar, cancel or change the time: ${p.link}`,
    ],
  }),
  ms: (p) => ({
    subject: `Masa baharu temu janji anda di ${p.organisation}`,
    paragraphs: [
      p.name ? `Salam ${p.name},` : 'Salam,',
      `Temu janji anda untuk ${p.service} kini pada ${p.when}.`,
      ...withWhom(p.practitioner, 'Bersama'),
      ...where(p.address, 'Alamat'),
      `Tambah ke kalendar, batalkan atau tukar masa: ${p.link}`,
    ],
  }),
  id: (p) => ({
    subject: `Waktu baru janji temu Anda di ${p.organisation}`,
    paragraphs: [
      p.name ? `Halo ${p.name},` : 'Halo,',
      `Janji temu Anda untuk ${p.service} kini pada ${p.when}.`,
      ...withWhom(p.practitioner, 'Dengan'),
      ...where(p.address, 'Alamat'),
      `Tambahkan ke kalender, batalkan, atau ubah waktu: ${p.link}`,
    ],
  }),
};

export const bookingLapsedText: Wording<BookingNoticePayload> = {
  en: (p) => ({
    subject: `Your appointment request at ${p.organisation}`,
    paragraphs: [
      p.name ? `Hello ${p.name},` : 'Hello,',
      `Sorry, ${p.organisation} could not answer your request for ${p.service} (${p.when}) in time, so it has lapsed.`,
      `You can choose another time here: ${p.link}`,
      ...(p.phone ? [`Or call us at ${p.phone}.`] : []),
    ],
  }),
  ms: (p) => ({
    subject: `Permintaan temu janji anda di ${p.organisation}`,
    paragraphs: [
      p.name ? `Salam ${p.name},` : 'Salam,',
      `Harap maaf, ${p.organisation} tidak sempat menjawab permintaan anda untuk ${p.service} (${p.when}), jadi permintaan itu telah luput.`,
      `Anda boleh memilih masa lain di sini: ${p.link}`,
      ...(p.phone ? [`Atau hubungi kami di ${p.phone}.`] : []),
    ],
  }),
  id: (p) => ({
    subject: `Permintaan janji temu Anda di ${p.organisation}`,
    paragraphs: [
      p.name ? `Halo ${p.name},` : 'Halo,',
      `Mohon maaf, ${p.organisation} tidak sempat menjawab permintaan Anda untuk ${p.service} (${p.when}), sehingga permintaan tersebut kedaluwarsa.`,
      `Anda dapat memilih waktu lain di sini: ${p.link}`,
      ...(p.phone ? [`Atau hubungi kami di ${p.phone}.`] : []),
    ],
  }),
};

export const bookingRefundDueText: Wording<BookingNoticePayload> = {
  en: (p) => ({
    subject: `Your payment to ${p.organisation} will be refunded`,
    paragraphs: [
      p.name ? `Hello ${p.name},` : 'Hello,',
      `Your payment for ${p.service} (${p.when}) arrived after the 10 minutes had passed, and the time was taken by someone else meanwhile. We will refund your payment.`,
      ...(p.phone ? [`Questions? Call ${p.organisation} at ${p.phone}.`] : []),
      `Choose another time: ${p.link}`,
    ],
  }),
  ms: (p) => ({
    subject: `Bayaran anda kepada ${p.organisation} akan dipulangkan`,
    paragraphs: [
      p.name ? `Salam ${p.name},` : 'Salam,',
      `Bayaran anda untuk ${p.service} (${p.when}) diterima selepas tempoh 10 minit tamat, dan masa itu telah diambil oleh orang lain. Kami akan memulangkan bayaran anda.`,
      ...(p.phone ? [`Ada pertanyaan? Hubungi ${p.organisation} di ${p.phone}.`] : []),
      `Pilih masa lain: ${p.link}`,
    ],
  }),
  id: (p) => ({
    subject: `Pembayaran Anda ke ${p.organisation} akan dikembalikan`,
    paragraphs: [
      p.name ? `Halo ${p.name},` : 'Halo,',
      `Pembayaran Anda untuk ${p.service} (${p.when}) diterima setelah batas 10 menit berakhir, dan waktu tersebut telah diambil orang lain. Kami akan mengembalikan pembayaran Anda.`,
      ...(p.phone ? [`Ada pertanyaan? Hubungi ${p.organisation} di ${p.phone}.`] : []),
      `Pilih waktu lain: ${p.link}`,
    ],
  }),
};
