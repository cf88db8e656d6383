import type { AssuranceLevel, Role } from '@dis/domain';

/** Made-up people for the local identity provider. Countersignatory codes match the seeded register. */
export interface Persona {
  id: string;
  description: string;
  givenName: string;
  familyName: string;
  birthdate: string;
  email: string;
  phone: string;
  roles: Role[];
  assuranceLevel: AssuranceLevel;
  countersignatoryCode?: string;
}

export const PERSONAS: readonly Persona[] = [
  {
    id: 'applicant-verified',
    description: 'Applicant, identity verified',
    givenName: 'Alex',
    familyName: 'Morgan',
    birthdate: '1990-04-12',
    email: 'alex.morgan@example.com',
    phone: '07700900123',
    roles: ['APPLICANT'],
    assuranceLevel: 'DS_VERIFIED',
  },
  {
    id: 'applicant-unverified',
    description: 'Applicant, identity not verified',
    givenName: 'Jordan',
    familyName: 'Reid',
    birthdate: '1985-09-30',
    email: 'jordan.reid@example.com',
    phone: '07700900124',
    roles: ['APPLICANT'],
    assuranceLevel: 'GPG45_LOW',
  },
  {
    id: 'applicant-basic',
    description: 'Basic disclosure applicant',
    givenName: 'Sam',
    familyName: 'Taylor',
    birthdate: '1978-01-05',
    email: 'sam.taylor@example.com',
    phone: '07700900125',
    roles: ['APPLICANT_BASIC'],
    assuranceLevel: 'DS_VERIFIED',
  },
  {
    id: 'application-only',
    description: 'Application-only account',
    givenName: 'Robin',
    familyName: 'Fraser',
    birthdate: '2001-07-21',
    email: 'robin.fraser@example.com',
    phone: '07700900126',
    roles: ['APPLICATION_ONLY'],
    assuranceLevel: 'GPG45_MEDIUM',
  },
  {
    id: 'csg',
    description: 'Countersignatory, Organisation A',
    givenName: 'Casey',
    familyName: 'Campbell',
    birthdate: '1975-03-14',
    email: 'casey.campbell@example.org',
    phone: '01312345678',
    roles: ['CSG'],
    assuranceLevel: 'DS_VERIFIED',
    countersignatoryCode: 'CSA100001',
  },
  {
    id: 'level1-csg',
    description: 'Level 1 countersignatory, Organisation A',
    givenName: 'Lee',
    familyName: 'Douglas',
    birthdate: '1982-11-02',
    email: 'lee.douglas@example.org',
    phone: '01312345679',
    roles: ['LEVEL1_CSG'],
    assuranceLevel: 'DS_VERIFIED',
    countersignatoryCode: 'CSA100002',
  },
  {
    id: 'lead-csg',
    description: 'Lead countersignatory, Organisation A',
    givenName: 'Morgan',
    familyName: 'Stewart',
    birthdate: '1969-06-25',
    email: 'morgan.stewart@example.org',
    phone: '01312345680',
    roles: ['CSG'],
    assuranceLevel: 'DS_VERIFIED',
    countersignatoryCode: 'CSA100003',
  },
  {
    id: 'csg-other-org',
    description: 'Countersignatory, Organisation B',
    givenName: 'Jamie',
    familyName: 'Robertson',
    birthdate: '1980-12-09',
    email: 'jamie.robertson@example.net',
    phone: '01412345678',
    roles: ['CSG'],
    assuranceLevel: 'DS_VERIFIED',
    countersignatoryCode: 'CSB200001',
  },
];

export const findPersona = (id: string): Persona | undefined => PERSONAS.find((p) => p.id === id);
