import type { Db } from '../../platform/db/database';
import {
  insertCostCentreIfAbsent,
  insertCountersignatoryIfAbsent,
  insertRegisteredBodyIfAbsent,
} from './store';

/**
 * The local register of organisations: two made-up registered bodies with their countersignatories
 * and cost-centre sub-accounts. Idempotent, so it runs at every local start.
 */
export const SEED_ORGANISATIONS = [
  {
    code: 'RB1001',
    name: 'Northfield Community Care (Organisation A)',
    address: {
      line1: '12 Harbour Road',
      town: 'Leith',
      county: 'Edinburgh',
      postcode: 'EH6 6AA',
      country: 'GB',
    },
    email: 'registrations@northfield.example.org',
    main_phone: '0131 496 0000',
    qualifying_voluntary: true,
    costCentres: ['A100', 'A200', 'A300'],
    countersignatories: [
      {
        id: 'csg-a-casey',
        code: 'CSA100001',
        role: 'CSG',
        lead: false,
        title: 'Ms',
        forename: 'Casey',
        surname: 'Campbell',
      },
      {
        id: 'csg-a-lee',
        code: 'CSA100002',
        role: 'LEVEL1_CSG',
        lead: false,
        title: 'Mr',
        forename: 'Lee',
        surname: 'Douglas',
      },
      {
        id: 'csg-a-morgan',
        code: 'CSA100003',
        role: 'CSG',
        lead: true,
        title: 'Dr',
        forename: 'Morgan',
        surname: 'Stewart',
      },
      {
        id: 'csg-a-level1-spare',
        code: 'CSA100008',
        role: 'LEVEL1_CSG',
        lead: false,
        title: 'Mx',
        forename: 'Rowan',
        surname: 'Hay',
      },
      {
        id: 'csg-a-spare',
        code: 'CSA100009',
        role: 'CSG',
        lead: false,
        title: 'Mx',
        forename: 'Kit',
        surname: 'Baird',
      },
    ],
  },
  {
    code: 'RB2002',
    name: 'Glenmore Schools Trust (Organisation B)',
    address: { line1: '4 Station Square', town: 'Inverness', postcode: 'IV1 1AA', country: 'GB' },
    email: 'hr@glenmore.example.net',
    main_phone: '01463 496 000',
    qualifying_voluntary: false,
    costCentres: ['B100'],
    countersignatories: [
      {
        id: 'csg-b-jamie',
        code: 'CSB200001',
        role: 'CSG',
        lead: true,
        title: 'Mr',
        forename: 'Jamie',
        surname: 'Robertson',
      },
      {
        id: 'csg-b-level1-spare',
        code: 'CSB200008',
        role: 'LEVEL1_CSG',
        lead: false,
        title: 'Ms',
        forename: 'Eilidh',
        surname: 'Munro',
      },
      {
        id: 'csg-b-spare',
        code: 'CSB200009',
        role: 'CSG',
        lead: false,
        title: 'Mr',
        forename: 'Callum',
        surname: 'Grant',
      },
    ],
  },
] as const;

export async function seedLocalRegister(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const org of SEED_ORGANISATIONS) {
      await insertRegisteredBodyIfAbsent(trx, {
        code: org.code,
        name: org.name,
        address: org.address,
        email: org.email,
        mainPhone: org.main_phone,
        qualifyingVoluntary: org.qualifying_voluntary,
      });
      for (const c of org.countersignatories) {
        await insertCountersignatoryIfAbsent(trx, {
          id: c.id,
          registeredBodyCode: org.code,
          countersignatoryCode: c.code,
          role: c.role,
          isLead: c.lead,
          title: c.title,
          forename: c.forename,
          surname: c.surname,
          email: `${c.forename.toLowerCase()}.${c.surname.toLowerCase()}@${org.email.split('@')[1]}`,
        });
      }
      for (const cc of org.costCentres) await insertCostCentreIfAbsent(trx, org.code, cc);
    }
  });
}
