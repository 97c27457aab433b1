import type { LocalizedText } from '#i18n/locales.ts';

/** A demo campaign: realistic causes of a Malaysian or Indonesian foundation, in three languages. */
export interface DemoCampaign {
  key: string;
  title: LocalizedText;
  summary: LocalizedText;
  story: LocalizedText;
  category: string;
  /** Major units. */
  goal: number | null;
  suggested: number[];
  min: number;
  weekly: number[];
  monthly: number[];
  featured: boolean;
  /** Days from seeding: negative = in the past. */
  startsIn: number;
  endsIn: number | null;
  eventIn?: number;
  ended?: boolean;
  permit?: { number: string; validDays: number };
  /** How many paid gifts the history has, and the usual gift (major units). */
  gifts: number;
  typical: number;
  /** Picture colours and motif. */
  colours: [string, string];
  motif: 'heart' | 'drop' | 'book' | 'house' | 'moon' | 'hands';
}

export const DEMO_CAMPAIGNS: Record<string, DemoCampaign[]> = {
  yayasan: [
    {
      key: 'banjir-kelantan',
      title: {
        en: 'Flood relief for families in Kelantan',
        ms: 'Bantuan banjir untuk keluarga di Kelantan',
        id: 'Bantuan banjir untuk keluarga di Kelantan',
      },
      summary: {
        en: 'Food packs, clean water and cleaning kits for families returning to flooded homes in Kuala Krai and Pasir Mas.',
        ms: 'Pek makanan, air bersih dan kit pembersihan untuk keluarga yang pulang ke rumah yang dilanda banjir di Kuala Krai dan Pasir Mas.',
        id: 'Paket makanan, air bersih, dan perlengkapan kebersihan bagi keluarga yang kembali ke rumah terdampak banjir di Kuala Krai dan Pasir Mas.',
      },
      story: {
        en: 'The monsoon floods this year reached the second floor of many homes along Sungai Kelantan. Families are now back, but wells are muddy, rice stores are gone and children have no school things.\n\nEvery RM50 fills one food pack for a family of five for a week. RM120 buys a cleaning kit with a pressure sprayer, disinfectant and gloves.\n\nOur volunteers from Kota Bharu deliver every pack by hand and report back each week on this page.',
        ms: 'Banjir monsun tahun ini sampai ke tingkat dua banyak rumah di sepanjang Sungai Kelantan. Keluarga sudah pulang, tetapi perigi berlumpur, simpanan beras habis dan anak-anak tiada kelengkapan sekolah.\n\nSetiap RM50 mengisi satu pek makanan untuk keluarga lima orang selama seminggu. RM120 membeli satu kit pembersihan dengan penyembur tekanan, pembasmi kuman dan sarung tangan.\n\nSukarelawan kami dari Kota Bharu menghantar setiap pek sendiri dan melaporkan perkembangan setiap minggu di halaman ini.',
        id: 'Banjir musim hujan tahun ini mencapai lantai dua banyak rumah di sepanjang Sungai Kelantan. Keluarga sudah kembali, tetapi sumur berlumpur, persediaan beras habis, dan anak-anak tidak punya perlengkapan sekolah.\n\nSetiap RM50 mengisi satu paket makanan untuk keluarga lima orang selama seminggu. RM120 membeli satu perlengkapan kebersihan berisi penyemprot bertekanan, disinfektan, dan sarung tangan.\n\nRelawan kami dari Kota Bharu mengantar setiap paket langsung dan melaporkan perkembangannya setiap minggu di halaman ini.',
      },
      category: 'disaster',
      goal: 8000,
      suggested: [30, 50, 120, 250],
      min: 10,
      weekly: [],
      monthly: [],
      featured: true,
      startsIn: -20,
      endsIn: 25,
      gifts: 46,
      typical: 80,
      colours: ['#0f766e', '#164e63'],
      motif: 'drop',
    },
    {
      key: 'tabung-anak-yatim',
      title: {
        en: 'Monthly support for orphans in Selangor',
        ms: 'Sumbangan bulanan untuk anak yatim di Selangor',
        id: 'Dukungan bulanan untuk anak yatim di Selangor',
      },
      summary: {
        en: 'School fees, uniforms and daily meals for 64 children in our care homes in Shah Alam and Klang.',
        ms: 'Yuran sekolah, pakaian seragam dan makanan harian untuk 64 kanak-kanak di rumah jagaan kami di Shah Alam dan Klang.',
        id: 'Biaya sekolah, seragam, dan makan harian bagi 64 anak di panti asuhan kami di Shah Alam dan Klang.',
      },
      story: {
        en: 'Sixty-four children live in our two care homes. A monthly gift lets us plan the whole school year: fees, books, uniforms, tuition before SPM and three meals a day.\n\nChoose a monthly gift for 6 or 12 months, and you will receive a yearly statement for your tax return.',
        ms: 'Enam puluh empat kanak-kanak tinggal di dua rumah jagaan kami. Sumbangan bulanan membolehkan kami merancang setahun persekolahan: yuran, buku, pakaian seragam, kelas tuisyen sebelum SPM dan tiga kali makan sehari.\n\nPilih sumbangan bulanan selama 6 atau 12 bulan, dan anda akan menerima penyata tahunan untuk potongan cukai.',
        id: 'Enam puluh empat anak tinggal di dua panti asuhan kami. Donasi bulanan membuat kami dapat merencanakan satu tahun ajaran: biaya sekolah, buku, seragam, bimbingan belajar sebelum ujian SPM, dan tiga kali makan sehari.\n\nPilih donasi bulanan selama 6 atau 12 bulan, dan Anda akan menerima laporan tahunan untuk keperluan pajak.',
      },
      category: 'orphans',
      goal: 15000,
      suggested: [50, 100, 200],
      min: 20,
      weekly: [],
      monthly: [6, 12],
      featured: false,
      startsIn: -60,
      endsIn: null,
      gifts: 38,
      typical: 100,
      colours: ['#15803d', '#365314'],
      motif: 'hands',
    },
    {
      key: 'iftar-ramadan',
      title: {
        en: 'Iftar for 2,000 asnaf at Masjid Sultan Salahuddin',
        ms: 'Iftar untuk 2,000 asnaf di Masjid Sultan Salahuddin',
        id: 'Buka puasa untuk 2.000 asnaf di Masjid Sultan Salahuddin',
      },
      summary: {
        en: 'Hot iftar meals every evening of Ramadan for asnaf families and workers far from home.',
        ms: 'Hidangan iftar panas setiap petang Ramadan untuk keluarga asnaf dan pekerja yang jauh dari kampung.',
        id: 'Hidangan buka puasa hangat setiap sore selama Ramadan bagi keluarga asnaf dan pekerja yang jauh dari kampung halaman.',
      },
      story: {
        en: 'Each evening of Ramadan our volunteers cook and serve iftar in the mosque grounds. RM8 feeds one person; RM40 feeds a family of five.\n\nThe closing iftar on the last Friday is open to everyone: come and break the fast with us.',
        ms: 'Setiap petang Ramadan sukarelawan kami memasak dan menghidangkan iftar di perkarangan masjid. RM8 menjamu seorang; RM40 menjamu sekeluarga lima orang.\n\nMajlis iftar penutup pada Jumaat terakhir terbuka kepada semua: marilah berbuka bersama kami.',
        id: 'Setiap sore selama Ramadan relawan kami memasak dan menyajikan buka puasa di halaman masjid. RM8 untuk satu orang; RM40 untuk keluarga lima orang.\n\nBuka puasa penutup pada Jumat terakhir terbuka untuk semua: mari berbuka bersama kami.',
      },
      category: 'food',
      goal: 4000,
      suggested: [8, 40, 100],
      min: 8,
      weekly: [4],
      monthly: [],
      featured: false,
      startsIn: -5,
      endsIn: 40,
      eventIn: 38,
      gifts: 27,
      typical: 40,
      colours: ['#7c2d12', '#4c1d95'],
      motif: 'moon',
    },
    {
      key: 'surau-kampung',
      title: {
        en: 'Rebuild the village surau of Kampung Sungai Ara',
        ms: 'Bina semula surau Kampung Sungai Ara',
        id: 'Bangun kembali surau Kampung Sungai Ara',
      },
      summary: {
        en: 'A new roof, wiring and ablution area for the 60-year-old surau of a fishing village in Pulau Pinang.',
        ms: 'Bumbung baharu, pendawaian dan tempat wuduk untuk surau berusia 60 tahun di sebuah kampung nelayan di Pulau Pinang.',
        id: 'Atap baru, instalasi listrik, dan tempat wudu untuk surau berusia 60 tahun di sebuah kampung nelayan di Pulau Pinang.',
      },
      story: {
        en: 'The surau of Kampung Sungai Ara has served fishermen and their families since 1964. Its roof leaks and its wiring is no longer safe.\n\nThe village committee has the plans approved; we need the materials and the contractor.',
        ms: 'Surau Kampung Sungai Ara telah berkhidmat kepada nelayan dan keluarga mereka sejak 1964. Bumbungnya bocor dan pendawaiannya tidak lagi selamat.\n\nJawatankuasa kampung telah mendapat kelulusan pelan; kami perlukan bahan binaan dan kontraktor.',
        id: 'Surau Kampung Sungai Ara melayani nelayan dan keluarga mereka sejak 1964. Atapnya bocor dan instalasi listriknya tidak lagi aman.\n\nPengurus kampung sudah mendapat persetujuan rencana; kami membutuhkan bahan bangunan dan kontraktor.',
      },
      category: 'mosque',
      goal: 12000,
      suggested: [50, 100, 500],
      min: 10,
      weekly: [],
      monthly: [],
      featured: false,
      startsIn: -120,
      endsIn: -10,
      ended: true,
      gifts: 52,
      typical: 150,
      colours: ['#1e3a8a', '#0f172a'],
      motif: 'house',
    },
    {
      key: 'dialisis',
      title: {
        en: 'Dialysis sessions for patients who cannot pay',
        ms: 'Sesi dialisis untuk pesakit yang tidak mampu',
        id: 'Sesi cuci darah untuk pasien yang tidak mampu',
      },
      summary: {
        en: 'Each RM200 pays one dialysis session at our partner centre in Seremban.',
        ms: 'Setiap RM200 membiayai satu sesi dialisis di pusat rakan kami di Seremban.',
        id: 'Setiap RM200 membiayai satu sesi cuci darah di pusat mitra kami di Seremban.',
      },
      story: {
        en: 'Kidney patients need three sessions a week, for life. Many of our patients are daily-wage workers who lost their jobs when they fell ill.\n\nYour gift goes straight to the dialysis centre, session by session.',
        ms: 'Pesakit buah pinggang memerlukan tiga sesi seminggu sepanjang hayat. Ramai pesakit kami pekerja bergaji harian yang hilang pekerjaan apabila jatuh sakit.\n\nSumbangan anda disalurkan terus kepada pusat dialisis, sesi demi sesi.',
        id: 'Pasien ginjal membutuhkan tiga sesi seminggu seumur hidup. Banyak pasien kami pekerja harian yang kehilangan pekerjaan saat jatuh sakit.\n\nDonasi Anda langsung disalurkan ke pusat cuci darah, sesi demi sesi.',
      },
      category: 'health',
      goal: null,
      suggested: [50, 200, 600],
      min: 10,
      weekly: [4, 8],
      monthly: [3, 6, 12],
      featured: false,
      startsIn: -90,
      endsIn: null,
      gifts: 31,
      typical: 120,
      colours: ['#be123c', '#701a75'],
      motif: 'heart',
    },
  ],
  peduli: [
    {
      key: 'air-bersih-ntt',
      title: {
        en: 'Clean water wells for villages in East Nusa Tenggara',
        ms: 'Telaga air bersih untuk kampung di Nusa Tenggara Timur',
        id: 'Sumur air bersih untuk desa di Nusa Tenggara Timur',
      },
      summary: {
        en: 'Drilled wells and water tanks for five villages in Sumba where families walk two hours for water.',
        ms: 'Telaga gerek dan tangki air untuk lima kampung di Sumba, di mana keluarga berjalan dua jam untuk mendapatkan air.',
        id: 'Sumur bor dan tandon air untuk lima desa di Sumba, tempat keluarga berjalan dua jam untuk mendapatkan air.',
      },
      story: {
        en: 'In the dry season, children in Sumba Timur walk two hours each way to fetch water instead of going to school.\n\nOne drilled well with a solar pump serves about 300 people. Every Rp100.000 brings the next well closer.',
        ms: 'Pada musim kemarau, kanak-kanak di Sumba Timur berjalan dua jam sehala untuk mengambil air dan tidak ke sekolah.\n\nSatu telaga gerek dengan pam solar memberi manfaat kepada kira-kira 300 orang. Setiap Rp100.000 mendekatkan telaga seterusnya.',
        id: 'Saat kemarau, anak-anak di Sumba Timur berjalan dua jam sekali jalan untuk mengambil air, bukan pergi ke sekolah.\n\nSatu sumur bor dengan pompa tenaga surya melayani sekitar 300 orang. Setiap Rp100.000 mendekatkan sumur berikutnya.',
      },
      category: 'water',
      goal: 20000000,
      suggested: [50000, 100000, 250000, 500000],
      min: 10000,
      weekly: [],
      monthly: [6, 12],
      featured: true,
      startsIn: -30,
      endsIn: 60,
      permit: { number: '443/HUK-PS/2026', validDays: 90 },
      gifts: 58,
      typical: 150000,
      colours: ['#0369a1', '#0c4a6e'],
      motif: 'drop',
    },
    {
      key: 'gempa-cianjur',
      title: {
        en: 'Rebuild classrooms after the Cianjur earthquake',
        ms: 'Bina semula bilik darjah selepas gempa bumi Cianjur',
        id: 'Bangun kembali ruang kelas pascagempa Cianjur',
      },
      summary: {
        en: 'Earthquake-safe classrooms for three primary schools whose pupils still study in tents.',
        ms: 'Bilik darjah tahan gempa untuk tiga sekolah rendah yang muridnya masih belajar dalam khemah.',
        id: 'Ruang kelas tahan gempa untuk tiga sekolah dasar yang muridnya masih belajar di tenda.',
      },
      story: {
        en: 'Three primary schools in Cugenang still hold lessons in tents. We build earthquake-resistant classrooms with local builders, one classroom at a time.\n\nReports with photos of each classroom are posted here.',
        ms: 'Tiga sekolah rendah di Cugenang masih belajar dalam khemah. Kami membina bilik darjah tahan gempa bersama tukang tempatan, satu demi satu.\n\nLaporan bergambar setiap bilik darjah dikongsi di sini.',
        id: 'Tiga SD di Cugenang masih belajar di tenda. Kami membangun ruang kelas tahan gempa bersama tukang setempat, satu per satu.\n\nLaporan berfoto setiap ruang kelas kami unggah di sini.',
      },
      category: 'education',
      goal: 35000000,
      suggested: [100000, 250000, 1000000],
      min: 10000,
      weekly: [],
      monthly: [],
      featured: false,
      startsIn: -45,
      endsIn: 15,
      permit: { number: '443/HUK-PS/2026', validDays: 90 },
      gifts: 44,
      typical: 200000,
      colours: ['#b45309', '#7c2d12'],
      motif: 'book',
    },
    {
      key: 'sedekah-jumat',
      title: {
        en: 'Friday meals for street vendors and ojek drivers',
        ms: 'Makanan Jumaat untuk peniaga jalanan dan pemandu ojek',
        id: 'Sedekah Jumat: nasi kotak untuk pedagang kaki lima dan ojek',
      },
      summary: {
        en: 'A thousand rice boxes every Friday in Jakarta, shared after the Friday prayer.',
        ms: 'Seribu kotak nasi setiap Jumaat di Jakarta, diagihkan selepas solat Jumaat.',
        id: 'Seribu nasi kotak setiap Jumat di Jakarta, dibagikan selepas salat Jumat.',
      },
      story: {
        en: 'Every Friday our volunteers share rice boxes with street vendors, ojek drivers and cleaners around three mosques in Jakarta.\n\nRp15.000 is one rice box. Give weekly and share the blessing every Friday.',
        ms: 'Setiap Jumaat sukarelawan kami mengagihkan kotak nasi kepada peniaga jalanan, pemandu ojek dan pekerja pembersihan di sekitar tiga masjid di Jakarta.\n\nRp15.000 untuk satu kotak nasi. Derma setiap minggu dan kongsi keberkatan setiap Jumaat.',
        id: 'Setiap Jumat relawan kami membagikan nasi kotak kepada pedagang kaki lima, pengemudi ojek, dan petugas kebersihan di sekitar tiga masjid di Jakarta.\n\nRp15.000 untuk satu nasi kotak. Berdonasi setiap pekan dan bagikan keberkahan setiap Jumat.',
      },
      category: 'food',
      goal: null,
      suggested: [15000, 75000, 150000],
      min: 10000,
      weekly: [4, 8, 12],
      monthly: [],
      featured: false,
      startsIn: -100,
      endsIn: null,
      permit: { number: '443/HUK-PS/2026', validDays: 90 },
      gifts: 64,
      typical: 75000,
      colours: ['#c2410c', '#9a3412'],
      motif: 'hands',
    },
    {
      key: 'khitanan-massal',
      title: {
        en: 'Free circumcision day for 150 children in Bogor',
        ms: 'Hari berkhatan percuma untuk 150 kanak-kanak di Bogor',
        id: 'Khitanan massal gratis untuk 150 anak di Bogor',
      },
      summary: {
        en: 'Medical care, a new sarong and school bag for each child, on one day with volunteer doctors.',
        ms: 'Rawatan perubatan, kain sarung dan beg sekolah baharu untuk setiap kanak-kanak, dalam satu hari bersama doktor sukarelawan.',
        id: 'Tindakan medis, sarung baru, dan tas sekolah untuk setiap anak, dalam satu hari bersama dokter relawan.',
      },
      story: {
        en: 'Together with volunteer doctors from Bogor, we hold a free circumcision day for children from families who cannot afford it.\n\nEach Rp350.000 covers one child: the procedure, medicine and a gift pack.',
        ms: 'Bersama doktor sukarelawan dari Bogor, kami mengadakan hari berkhatan percuma untuk kanak-kanak daripada keluarga yang tidak mampu.\n\nSetiap Rp350.000 menanggung seorang kanak-kanak: prosedur, ubat dan pek hadiah.',
        id: 'Bersama dokter relawan dari Bogor, kami mengadakan khitanan massal gratis bagi anak-anak dari keluarga tidak mampu.\n\nSetiap Rp350.000 menanggung satu anak: tindakan, obat, dan paket hadiah.',
      },
      category: 'health',
      goal: 15000000,
      suggested: [100000, 350000, 700000],
      min: 10000,
      weekly: [],
      monthly: [],
      featured: false,
      startsIn: -15,
      endsIn: 30,
      eventIn: 32,
      permit: { number: '443/HUK-PS/2026', validDays: 90 },
      gifts: 23,
      typical: 300000,
      colours: ['#047857', '#064e3b'],
      motif: 'heart',
    },
    {
      key: 'beasiswa-santri',
      title: {
        en: 'Scholarships for santri in Central Java',
        ms: 'Biasiswa untuk santri di Jawa Tengah',
        id: 'Beasiswa santri di Jawa Tengah',
      },
      summary: {
        en: 'A year of boarding, books and food for 40 pesantren students from farming families.',
        ms: 'Setahun asrama, buku dan makanan untuk 40 pelajar pesantren daripada keluarga petani.',
        id: 'Satu tahun asrama, buku, dan makan bagi 40 santri dari keluarga petani.',
      },
      story: {
        en: 'This scholarship round is closed: all 40 santri started their year in July. Thank you to every donor.',
        ms: 'Pusingan biasiswa ini telah ditutup: kesemua 40 santri telah memulakan pengajian pada bulan Julai. Terima kasih kepada semua penderma.',
        id: 'Putaran beasiswa ini sudah ditutup: ke-40 santri telah memulai tahun ajaran pada bulan Juli. Terima kasih kepada setiap donatur.',
      },
      category: 'education',
      goal: 24000000,
      suggested: [100000, 500000],
      min: 10000,
      weekly: [],
      monthly: [],
      featured: false,
      startsIn: -200,
      endsIn: -30,
      ended: true,
      permit: { number: '211/HUK-PS/2025', validDays: -10 },
      gifts: 49,
      typical: 400000,
      colours: ['#4338ca', '#1e1b4b'],
      motif: 'book',
    },
  ],
};

export const DEMO_DONORS: Record<string, string[]> = {
  yayasan: [
    'Ahmad Faizal bin Ismail',
    'Nur Aisyah Kamarudin',
    'Lim Wei Ling',
    'Muhammad Haziq Rosli',
    'Siti Nurhaliza Abdullah',
    'Rajesh Kumar',
    'Tan Mei Chen',
    'Farah Hanim Zulkifli',
    'Azman Hashim',
    'Nurul Izzah Yusof',
    'Hafizah Othman',
    'Khairul Anuar',
    'Zainab Mohd Noor',
    'Wong Kar Mun',
    'Aiman Danial',
    'Puan Rohana Salleh',
    'Dr. Shahrul Nizam',
    'Kavitha Subramaniam',
  ],
  peduli: [
    'Budi Santoso',
    'Siti Rahayu',
    'Andi Pratama',
    'Dewi Lestari',
    'Rizky Ramadhan',
    'Putri Ayu Wulandari',
    'Agus Setiawan',
    'Nur Hidayah',
    'Fajar Nugroho',
    'Intan Permatasari',
    'Hendra Wijaya',
    'Ratna Kusuma',
    'Yusuf Maulana',
    'Sri Mulyani',
    'Dimas Saputra',
    'Keluarga Bapak Harun',
    'Wahyu Hidayat',
  ],
};

export const DEMO_MESSAGES: LocalizedText[] = [
  { en: 'May it ease their burden.', ms: 'Semoga meringankan beban mereka.', id: 'Semoga meringankan beban mereka.' },
  { en: 'For my late mother.', ms: 'Untuk arwah ibu saya.', id: 'Untuk almarhumah ibu saya.' },
  { en: 'Keep up the good work!', ms: 'Teruskan usaha murni ini!', id: 'Terus semangat!' },
];
