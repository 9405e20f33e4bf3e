import { DEMO_PER_USD } from '../../../core/market/fx';
import type { Random } from './random';

/**
 * Country facts the demo universe needs: money (units per US dollar, tax and interest rates),
 * cities with plausible street addresses and phone numbers, people's names and company-name styles.
 * Phone numbers use the ranges reserved for fiction where a country has one (US 555-01xx, the UK's
 * Ofcom drama numbers, France's ARCEP fiction numbers); elsewhere the format is plausible.
 */

export type NameStyle =
  'english' | 'german' | 'french' | 'indian' | 'chinese' | 'japanese' | 'arabic';

export interface City {
  readonly name: string;
  /** Province or city name that Chinese company names often start with ('Jiangsu …'). */
  readonly region?: string;
  /** Street line(s) of an address in this city, without the city name. */
  readonly address: (rng: Random) => string;
  readonly phone: (rng: Random) => string;
}

export interface Locale {
  readonly country: string;
  /** Adjective for the description ('a German player in …'). */
  readonly adjective: string;
  /** Units of the local currency per US dollar: core's demo rates, which the simulated market quotes. */
  readonly perUsd: number;
  readonly taxRate: number;
  readonly borrowingRate: number;
  readonly depositRate: number;
  readonly nameStyle: NameStyle;
  /** Weighted legal forms; '{}' stands for the name before the legal form. */
  readonly legalForms: readonly (readonly [string, number])[];
  readonly cities: readonly City[];
  readonly givenNames: readonly (readonly [string, 'm' | 'f'])[];
  readonly familyNames: readonly string[];
  /** Earliest plausible listing year on this market (the demo's range starts in 1985). */
  readonly earliestIpoYear: number;
}

const digits = (rng: Random, count: number): string =>
  Array.from({ length: count }, () => String(rng.int(0, 9))).join('');

const US_STREETS = [
  'Meridian Avenue',
  'Harbor Street',
  'Commerce Boulevard',
  'Lakeview Parkway',
  'Innovation Drive',
  'Cedar Ridge Road',
  'Summit Avenue',
  'Riverside Plaza',
  'Franklin Street',
  'Technology Way',
  'Maple Grove Lane',
  'Union Square Drive',
];

function usCity(name: string, area: string): City {
  return {
    name,
    address: (rng) =>
      `${rng.int(1, 99) * 50} ${rng.pick(US_STREETS)}${rng.chance(0.6) ? `, Suite ${rng.int(1, 30) * 100}` : ''}`,
    phone: (rng) => `+1 ${area} 555 01${digits(rng, 2)}`,
  };
}

const GB_STREETS = [
  'Kestrel Lane',
  'Bishopsgate Row',
  'Wharfside Street',
  'Chancery Court',
  'Millbank Place',
  'Foundry Square',
  'Albion Walk',
  'Cathedral Yard',
];

function gbCity(name: string, postcodes: readonly string[], phonePrefix: string): City {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  return {
    name,
    address: (rng) =>
      `${rng.int(1, 120)} ${rng.pick(GB_STREETS)}, ${rng.pick(postcodes)} ${rng.int(1, 9)}${letters.charAt(rng.int(0, letters.length - 1))}${letters.charAt(rng.int(0, letters.length - 1))}`,
    phone: (rng) => `${phonePrefix}${digits(rng, 3)}`,
  };
}

const DE_STREETS = [
  'Lindenstraße',
  'Am Hafenbecken',
  'Industriestraße',
  'Schillerallee',
  'Uferweg',
  'Brückenstraße',
  'Kastanienring',
  'Mühlenkamp',
];

function deCity(name: string, postcode: string, area: string): City {
  return {
    name,
    address: (rng) => `${rng.pick(DE_STREETS)} ${rng.int(1, 160)}, ${postcode}`,
    phone: (rng) => `+49 ${area} ${digits(rng, 4)} ${digits(rng, 3)}`,
  };
}

const FR_STREETS = [
  'rue des Tilleuls',
  'avenue de la Gare',
  'boulevard des Capucines',
  'quai des Marais',
  'rue du Moulin',
  'place des Acacias',
  'allée des Peupliers',
];

function frCity(name: string, postcode: string, fictionPrefix: string): City {
  return {
    name,
    address: (rng) => `${rng.int(1, 180)} ${rng.pick(FR_STREETS)}, ${postcode}`,
    phone: (rng) => `+33 ${fictionPrefix} ${digits(rng, 2)} ${digits(rng, 2)}`,
  };
}

function inCity(name: string, localities: readonly string[], pin: string, area: string): City {
  return {
    name,
    address: (rng) =>
      `${rng.pick(['Plot', 'Tower', 'Block'])} ${rng.int(1, 40)}, ${rng.pick(['Sector', 'Phase', 'Road No.'])} ${rng.int(1, 12)}, ${rng.pick(localities)}, ${pin}${digits(rng, 2)}`,
    phone: (rng) => `+91 ${area} ${digits(rng, 10 - area.length)}`,
  };
}

const CN_ROADS = [
  'Century Avenue',
  'Jinqiao Road',
  'Huaxia Road',
  'Zhangjiang Road',
  'Binjiang Avenue',
];

function cnCity(
  name: string,
  region: string,
  districts: readonly string[],
  postcode: string,
  area: string,
): City {
  return {
    name,
    region,
    address: (rng) =>
      `No. ${rng.int(1, 999)} ${rng.pick(CN_ROADS)}, ${rng.pick(districts)}, ${postcode}${digits(rng, 3)}`,
    phone: (rng) => `+86 ${area} ${digits(rng, 4)} ${digits(rng, 4)}`,
  };
}

const HK_TOWERS = ['Harbourfront Tower', 'Pacific Place One', 'Lotus Centre', 'Victoria Plaza'];
const HK_STREETS = [
  'Connaught Road Central',
  'Harbour Road, Wan Chai',
  'Hoi Bun Road, Kwun Tong',
  "King's Road, Quarry Bay",
  'Canton Road, Tsim Sha Tsui',
];

function jpCity(name: string, wards: readonly string[], postcode: string, area: string): City {
  return {
    name,
    address: (rng) =>
      `${rng.int(1, 5)}-${rng.int(1, 20)}-${rng.int(1, 15)} ${rng.pick(['Marunouchi', 'Nishi', 'Kita', 'Minami', 'Honcho', 'Shinmachi'])}, ${rng.pick(wards)}, ${postcode}-${digits(rng, 4)}`,
    phone: (rng) =>
      `+81 ${area}-${digits(rng, 4 - Math.min(area.length - 1, 1))}-${digits(rng, 4)}`,
  };
}

const SA_ROADS = ['King Fahd Road', 'Prince Sultan Road', 'King Abdulaziz Road', 'Olaya Street'];

function saCity(name: string, districts: readonly string[], postcode: string, area: string): City {
  return {
    name,
    address: (rng) =>
      `${rng.pick(SA_ROADS)}, ${rng.pick(districts)} District, ${postcode}${digits(rng, 3)}`,
    phone: (rng) => `+966 ${area} ${digits(rng, 3)} ${digits(rng, 4)}`,
  };
}

const ENGLISH_GIVEN: Locale['givenNames'] = [
  ['James', 'm'],
  ['Sarah', 'f'],
  ['Michael', 'm'],
  ['Emily', 'f'],
  ['David', 'm'],
  ['Laura', 'f'],
  ['Robert', 'm'],
  ['Jennifer', 'f'],
  ['Daniel', 'm'],
  ['Olivia', 'f'],
  ['Thomas', 'm'],
  ['Rachel', 'f'],
  ['Andrew', 'm'],
  ['Megan', 'f'],
  ['Christopher', 'm'],
  ['Natalie', 'f'],
  ['Jonathan', 'm'],
  ['Catherine', 'f'],
];
const ENGLISH_FAMILY = [
  'Whitfield',
  'Carrington',
  'Hollis',
  'Brennan',
  'Ashford',
  'Delaney',
  'Prescott',
  'Harlow',
  'Mercer',
  'Sutton',
  'Langford',
  'Caldwell',
  'Fairbanks',
  'Winslow',
  'Thornton',
  'Radcliffe',
  'Pemberton',
  'Okafor',
  'Castellano',
  'Lindqvist',
];

export const LOCALES: Readonly<Record<string, Locale>> = {
  US: {
    country: 'US',
    adjective: 'American',
    perUsd: DEMO_PER_USD.USD,
    taxRate: 0.23,
    borrowingRate: 0.055,
    depositRate: 0.035,
    nameStyle: 'english',
    legalForms: [
      ['{}, Inc.', 5],
      ['{} Corp.', 2],
      ['{} Corporation', 1.5],
      ['{} Holdings, Inc.', 1],
      ['{} Group, Inc.', 0.5],
    ],
    cities: [
      usCity('New York', '212'),
      usCity('San Francisco', '415'),
      usCity('Austin', '512'),
      usCity('Boston', '617'),
      usCity('Chicago', '312'),
      usCity('Seattle', '206'),
      usCity('Atlanta', '404'),
      usCity('Denver', '303'),
      usCity('Houston', '713'),
      usCity('Charlotte', '704'),
      usCity('Minneapolis', '612'),
      usCity('San Diego', '619'),
      usCity('Pittsburgh', '412'),
      usCity('Columbus', '614'),
    ],
    givenNames: ENGLISH_GIVEN,
    familyNames: ENGLISH_FAMILY,
    earliestIpoYear: 1985,
  },
  GB: {
    country: 'GB',
    adjective: 'British',
    perUsd: DEMO_PER_USD.GBP,
    taxRate: 0.25,
    borrowingRate: 0.055,
    depositRate: 0.035,
    nameStyle: 'english',
    legalForms: [
      ['{} plc', 5],
      ['{} Group plc', 2],
      ['{} Holdings plc', 1.5],
    ],
    cities: [
      gbCity('London', ['EC2A', 'EC4M', 'SE1', 'W1K', 'E14'], '+44 20 7946 0'),
      gbCity('Manchester', ['M1', 'M2', 'M3'], '+44 161 496 0'),
      gbCity('Birmingham', ['B1', 'B3'], '+44 121 496 0'),
      gbCity('Leeds', ['LS1', 'LS11'], '+44 113 496 0'),
      gbCity('Edinburgh', ['EH2', 'EH3'], '+44 131 496 0'),
      gbCity('Bristol', ['BS1', 'BS2'], '+44 117 496 0'),
    ],
    givenNames: ENGLISH_GIVEN,
    familyNames: ENGLISH_FAMILY,
    earliestIpoYear: 1985,
  },
  DE: {
    country: 'DE',
    adjective: 'German',
    perUsd: DEMO_PER_USD.EUR,
    taxRate: 0.3,
    borrowingRate: 0.04,
    depositRate: 0.02,
    nameStyle: 'german',
    legalForms: [
      ['{} AG', 5],
      ['{} SE', 2],
      ['{} Holding AG', 1],
      ['{} KGaA', 0.4],
    ],
    cities: [
      deCity('München', '80331', '89'),
      deCity('Frankfurt am Main', '60311', '69'),
      deCity('Hamburg', '20095', '40'),
      deCity('Berlin', '10117', '30'),
      deCity('Stuttgart', '70173', '711'),
      deCity('Düsseldorf', '40213', '211'),
      deCity('Köln', '50667', '221'),
    ],
    givenNames: [
      ['Matthias', 'm'],
      ['Katrin', 'f'],
      ['Stefan', 'm'],
      ['Anja', 'f'],
      ['Jürgen', 'm'],
      ['Sabine', 'f'],
      ['Tobias', 'm'],
      ['Claudia', 'f'],
      ['Florian', 'm'],
      ['Petra', 'f'],
      ['Markus', 'm'],
      ['Ulrike', 'f'],
    ],
    familyNames: [
      'Brandt',
      'Vogel',
      'Hartmann',
      'Lindner',
      'Krause',
      'Seidel',
      'Brückner',
      'Engel',
      'Falkenberg',
      'Ostermann',
      'Wendt',
      'Reinholz',
    ],
    earliestIpoYear: 1985,
  },
  FR: {
    country: 'FR',
    adjective: 'French',
    perUsd: DEMO_PER_USD.EUR,
    taxRate: 0.255,
    borrowingRate: 0.04,
    depositRate: 0.02,
    nameStyle: 'french',
    legalForms: [
      ['{} SA', 5],
      ['{} SE', 1.5],
      ['Groupe {} SA', 1],
      ['{} S.A.', 0.8],
    ],
    cities: [
      frCity('Paris', '75008', '1 99 00'),
      frCity('Courbevoie', '92400', '1 99 00'),
      frCity('Lyon', '69002', '4 65 71'),
      frCity('Toulouse', '31000', '5 36 49'),
      frCity('Bordeaux', '33000', '5 36 49'),
      frCity('Lille', '59000', '3 53 01'),
      frCity('Nantes', '44000', '2 61 91'),
    ],
    givenNames: [
      ['Camille', 'f'],
      ['Antoine', 'm'],
      ['Élodie', 'f'],
      ['Julien', 'm'],
      ['Sophie', 'f'],
      ['Mathieu', 'm'],
      ['Claire', 'f'],
      ['Nicolas', 'm'],
      ['Aurélie', 'f'],
      ['Laurent', 'm'],
      ['Hélène', 'f'],
      ['Olivier', 'm'],
    ],
    familyNames: [
      'Lefèvre',
      'Moreau',
      'Girard',
      'Fontaine',
      'Rousseau',
      'Chevalier',
      'Garnier',
      'Lambert',
      'Mercier',
      'Dupuis',
      'Marchand',
      'Perrin',
    ],
    earliestIpoYear: 1985,
  },
  IN: {
    country: 'IN',
    adjective: 'Indian',
    perUsd: DEMO_PER_USD.INR,
    taxRate: 0.252,
    borrowingRate: 0.09,
    depositRate: 0.065,
    nameStyle: 'indian',
    legalForms: [
      ['{} Limited', 5],
      ['{} Ltd', 2],
      ['{} Industries Limited', 0.8],
    ],
    cities: [
      inCity(
        'Mumbai',
        ['Andheri East', 'Powai', 'Lower Parel', 'Bandra Kurla Complex'],
        '4000',
        '22',
      ),
      inCity('Bengaluru', ['Whitefield', 'Koramangala', 'Electronic City'], '5600', '80'),
      inCity('Pune', ['Hinjewadi', 'Kharadi', 'Baner'], '4110', '20'),
      inCity('Chennai', ['Guindy', 'Nungambakkam', 'Sholinganallur'], '6000', '44'),
      inCity('Hyderabad', ['HITEC City', 'Gachibowli', 'Banjara Hills'], '5000', '40'),
      inCity('New Delhi', ['Connaught Place', 'Nehru Place', 'Saket'], '1100', '11'),
      inCity('Ahmedabad', ['Navrangpura', 'SG Highway', 'Prahlad Nagar'], '3800', '79'),
    ],
    givenNames: [
      ['Arjun', 'm'],
      ['Priya', 'f'],
      ['Rahul', 'm'],
      ['Ananya', 'f'],
      ['Vikram', 'm'],
      ['Kavita', 'f'],
      ['Sanjay', 'm'],
      ['Meera', 'f'],
      ['Rohan', 'm'],
      ['Deepa', 'f'],
      ['Aditya', 'm'],
      ['Nandini', 'f'],
    ],
    familyNames: [
      'Sharma',
      'Iyer',
      'Menon',
      'Kulkarni',
      'Reddy',
      'Nair',
      'Bhatt',
      'Desai',
      'Chatterjee',
      'Rao',
      'Joshi',
      'Kapoor',
    ],
    earliestIpoYear: 1995,
  },
  CN: {
    country: 'CN',
    adjective: 'Chinese',
    perUsd: DEMO_PER_USD.CNY,
    taxRate: 0.25,
    borrowingRate: 0.04,
    depositRate: 0.02,
    nameStyle: 'chinese',
    legalForms: [
      ['{} Co., Ltd.', 6],
      ['{} Group Co., Ltd.', 2],
      ['{} Holdings Co., Ltd.', 1],
    ],
    cities: [
      cnCity(
        'Shanghai',
        'Shanghai',
        ['Pudong New Area', 'Xuhui District', 'Minhang District'],
        '200',
        '21',
      ),
      cnCity('Hangzhou', 'Zhejiang', ['Binjiang District', 'Xihu District'], '310', '571'),
      cnCity('Nanjing', 'Jiangsu', ['Jianye District', 'Gulou District'], '210', '25'),
      cnCity('Suzhou', 'Jiangsu', ['Suzhou Industrial Park', 'Wuzhong District'], '215', '512'),
      cnCity('Wuhan', 'Hubei', ['Hongshan District', 'Jiang’an District'], '430', '27'),
      cnCity('Chengdu', 'Sichuan', ['Gaoxin District', 'Jinjiang District'], '610', '28'),
      cnCity('Hefei', 'Anhui', ['Shushan District', 'Baohe District'], '230', '551'),
    ],
    givenNames: [
      ['Wei', 'm'],
      ['Jing', 'f'],
      ['Lei', 'm'],
      ['Min', 'f'],
      ['Tao', 'm'],
      ['Yan', 'f'],
      ['Jun', 'm'],
      ['Hui', 'f'],
      ['Qiang', 'm'],
      ['Xiaoling', 'f'],
      ['Zhiwei', 'm'],
      ['Yuqing', 'f'],
    ],
    familyNames: [
      'Wang',
      'Li',
      'Zhang',
      'Liu',
      'Chen',
      'Yang',
      'Zhao',
      'Huang',
      'Zhou',
      'Wu',
      'Xu',
    ],
    earliestIpoYear: 1991,
  },
  HK: {
    country: 'HK',
    adjective: 'Hong Kong',
    perUsd: DEMO_PER_USD.HKD,
    taxRate: 0.165,
    borrowingRate: 0.05,
    depositRate: 0.03,
    nameStyle: 'chinese',
    legalForms: [
      ['{} Holdings Limited', 4],
      ['{} Group Limited', 2],
      ['{} Limited', 2],
      ['{} International Holdings Ltd', 1],
    ],
    cities: [
      {
        name: 'Hong Kong',
        address: (rng) =>
          `Level ${rng.int(2, 60)}, ${rng.pick(HK_TOWERS)}, ${rng.int(1, 200)} ${rng.pick(HK_STREETS)}`,
        phone: (rng) => `+852 ${rng.pick(['2', '3'])}${digits(rng, 3)} ${digits(rng, 4)}`,
      },
    ],
    givenNames: [
      ['Ka Ming', 'm'],
      ['Siu Lan', 'f'],
      ['Chi Keung', 'm'],
      ['Mei Ling', 'f'],
      ['Kwok Wai', 'm'],
      ['Hoi Yan', 'f'],
      ['Wing Hong', 'm'],
      ['Wai Man', 'f'],
    ],
    familyNames: ['Chan', 'Wong', 'Leung', 'Lau', 'Cheung', 'Ho', 'Tsang', 'Yeung', 'Lam', 'Ng'],
    earliestIpoYear: 1986,
  },
  JP: {
    country: 'JP',
    adjective: 'Japanese',
    perUsd: DEMO_PER_USD.JPY,
    taxRate: 0.305,
    borrowingRate: 0.012,
    depositRate: 0.002,
    nameStyle: 'japanese',
    legalForms: [
      ['{} Co., Ltd.', 4],
      ['{} Corporation', 3],
      ['{} Holdings, Inc.', 2],
      ['{} K.K.', 1],
      ['{} Inc.', 1],
    ],
    cities: [
      jpCity('Tokyo', ['Chiyoda-ku', 'Minato-ku', 'Chuo-ku', 'Shinagawa-ku'], '100', '3'),
      jpCity('Osaka', ['Kita-ku', 'Chuo-ku', 'Yodogawa-ku'], '530', '6'),
      jpCity('Nagoya', ['Naka-ku', 'Nakamura-ku'], '450', '52'),
      jpCity('Yokohama', ['Nishi-ku', 'Kohoku-ku'], '220', '45'),
      jpCity('Kyoto', ['Shimogyo-ku', 'Minami-ku'], '600', '75'),
      jpCity('Fukuoka', ['Hakata-ku', 'Chuo-ku'], '810', '92'),
    ],
    givenNames: [
      ['Hiroshi', 'm'],
      ['Yuki', 'f'],
      ['Takeshi', 'm'],
      ['Akiko', 'f'],
      ['Kenji', 'm'],
      ['Naoko', 'f'],
      ['Satoshi', 'm'],
      ['Emi', 'f'],
      ['Daisuke', 'm'],
      ['Mariko', 'f'],
      ['Kazuya', 'm'],
      ['Haruka', 'f'],
    ],
    familyNames: [
      'Tanabe',
      'Morikawa',
      'Fujimoto',
      'Hasegawa',
      'Kobayashi',
      'Ishikawa',
      'Nakajima',
      'Ogawa',
      'Shimizu',
      'Yamaguchi',
      'Aoki',
      'Kuroda',
    ],
    earliestIpoYear: 1985,
  },
  SA: {
    country: 'SA',
    adjective: 'Saudi',
    perUsd: DEMO_PER_USD.SAR,
    taxRate: 0.08, // zakat and income tax, blended
    borrowingRate: 0.055,
    depositRate: 0.035,
    nameStyle: 'arabic',
    legalForms: [
      ['{} Co.', 3],
      ['{} Company', 3],
      ['{} Group', 1],
      ['Saudi {} Co.', 1],
    ],
    cities: [
      saCity('Riyadh', ['Al Olaya', 'Al Malqa', 'King Abdullah Financial'], '12', '11'),
      saCity('Jeddah', ['Al Rawdah', 'Al Zahra', 'Al Andalus'], '23', '12'),
      saCity('Dammam', ['Al Faisaliyah', 'Al Shati'], '32', '13'),
      saCity('Al Khobar', ['Al Ulaya', 'Al Aqrabiyah'], '34', '13'),
    ],
    givenNames: [
      ['Faisal', 'm'],
      ['Noura', 'f'],
      ['Khalid', 'm'],
      ['Reem', 'f'],
      ['Abdullah', 'm'],
      ['Lama', 'f'],
      ['Saud', 'm'],
      ['Hessa', 'f'],
      ['Turki', 'm'],
      ['Sara', 'f'],
      ['Fahad', 'm'],
      ['Mona', 'f'],
    ],
    familyNames: [
      'Al-Qahtani',
      'Al-Harbi',
      'Al-Otaibi',
      'Al-Zahrani',
      'Al-Ghamdi',
      'Al-Dosari',
      'Al-Shehri',
      'Al-Mutairi',
      'Al-Subaie',
      'Al-Anazi',
    ],
    earliestIpoYear: 1985,
  },
};

export function localeOf(country: string): Locale {
  const locale = LOCALES[country];
  if (!locale) throw new Error(`No demo locale for country ${country}`);
  return locale;
}
