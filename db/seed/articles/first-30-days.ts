export const firstThirtyDaysBody = `The first month in the UK sets the pace for everything after it. Do things in the wrong order and you go round in circles: the bank wants proof of address, the landlord wants a bank account and the employer wants both. This is the order we walk our clients through.

## Before you fly: the paperwork folder

Put the originals in one folder in your hand luggage, and keep scans in cloud storage you can reach from any phone.

- **The passport that proves your right to work.** A British or Irish passport, or the passport linked to your UK visa (your eVisa is tied to it).
- **Unabridged birth and marriage certificates** from Home Affairs. UK offices rarely ask for them, but when they do, ordering one from London takes months.
- **Degree certificates and academic transcripts**, plus any professional registration letters.
- **A SAPS police clearance certificate** if you will work with children, patients or vulnerable adults. UK employers ask overseas applicants for one, and it is far easier to get while you are still in South Africa.
- **A letter from your car insurer** confirming your claims-free years. Some UK insurers take it into account.
- **Three months of bank statements** and a reference from your last landlord.

## Week one: a number, a phone and a bank account

1. **Get a UK SIM on day one.** Start with pay-as-you-go or a SIM-only deal: a monthly contract needs a credit check you cannot pass yet. Keep your South African number alive on a cheap plan, because South African banks still send one-time PINs to it.
2. **Check your National Insurance number.** If you have worked in the UK before, you already have one for life. If not, apply on GOV.UK. You can start work before it arrives, as long as you can prove your right to work.
3. **Open a bank account.** App-based banks can open an account in minutes with a passport and a selfie. High-street banks usually want proof of a UK address, so open one of those once you have a tenancy agreement or a payslip.
4. **Solve the proof-of-address loop.** A letter from your employer, a tenancy agreement, or a letter from your GP surgery or council usually breaks the deadlock.

## Week two: health and a home

- **Register with a GP.** Every area has NHS GP surgeries, and you can search for yours on the NHS website. You do not need proof of address or immigration status to register, and seeing a GP is free.
- **Know the numbers.** Call 999 for an emergency. Call 111 for urgent medical advice when it is not an emergency.
- **Look for an NHS dentist early.** Many practices have waiting lists, so put your name down in the first weeks rather than when you have toothache.
- **Start the serious house hunt.** Most people land in a short let or with family. Our article on renting without a UK credit history explains what letting agents will ask for.

## Week three: council tax, the TV licence and getting around

- **Council tax** is charged on every home by the local council, in bands set by the value of the property. Tell the council the day you move in. If you are the only adult in the home, ask for the 25% single-person discount.
- **A TV Licence** is required to watch or record live TV on any channel and any device, or to use BBC iPlayer. Streaming services on their own do not need one.
- **Energy and water.** On moving day, photograph every meter with the date showing. It settles most billing arguments before they start.
- **Getting around.** In London, tap the same contactless card on the Tube and buses and the daily and weekly caps apply automatically. Elsewhere, look at railcards: most take a third off rail fares.

## Week four: foundations for the years ahead

- **Register to vote** if you are eligible. British, Irish and qualifying Commonwealth citizens, which includes South Africans with leave to remain, can register. Being on the electoral register also helps your credit file.
- **Start a UK credit history.** Use a credit-builder card for one small regular payment and clear it in full every month.
- **Check your first payslip.** Without a P45 from a previous UK job you fill in a starter checklist, and you may pay emergency tax at first. The overpayment comes back once HMRC has your details.
- **Keep your workplace pension.** Employers must enrol most employees aged 22 and over, and they pay in too. Think hard before opting out.
- **Plan your driving licence.** A South African licence covers you for your first 12 months as a resident. Book the exchange well before the year is up.

## The checklist in one place

- UK SIM, with the South African number kept for banking PINs
- National Insurance number confirmed or applied for
- Bank account open and given to your employer
- GP registration done, dentist waiting list joined
- Council tax, energy, water and broadband in your name
- Electoral register, if you are eligible
- A date in the diary to exchange your driving licence

If you would like a person to walk this list with you, our [relocation concierge](/services#concierge) does exactly that, from the airport to your first payslip.
`;
