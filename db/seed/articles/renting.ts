export const rentingBody = `You may have rented in Durban or Cape Town for fifteen years without missing a payment, and to a UK letting agent it counts for nothing. UK credit files only hold UK data, so on arrival you have what lenders call a "thin file". Here is how to get a yes anyway, and what the rules in England say you can and cannot be charged.

## Why your South African record does not travel

UK letting agents pass applicants to a referencing company, which checks:

- **identity and right to rent**;
- **credit**, with the UK credit reference agencies (Experian, Equifax and TransUnion);
- **income**, usually from an employment contract or payslips; and
- **a previous landlord reference**.

Your South African credit bureau record is not shared with the UK agencies, so the credit part comes back empty. A common rule of thumb is that your yearly income should be about 30 times the monthly rent. On a flat at £1,200 a month that means a salary of around £36,000.

## What you can offer instead

1. **Your employment contract or offer letter**, showing your salary and start date. A short letter from HR confirming both helps even more.
2. **A UK guarantor**: a homeowner who agrees to pay if you do not. Agents often want the guarantor to earn a higher multiple of the rent than you.
3. **A commercial guarantor service** if you have nobody in the UK. These companies act as your guarantor for a fee based on the annual rent.
4. **Your South African landlord's reference** on a letterhead, with bank statements that show twelve months of rent paid on time.
5. **Proof of savings**, showing you can cover the rent while your first salary comes through.

The old tactic of offering six or twelve months' rent upfront is being phased out in England: the Renters' Rights Act limits how much rent a landlord may take in advance. Check the current rules before anyone asks you for a large sum, and never pay more than the law allows.

## What you will actually pay (England)

- **Holding deposit:** at most one week's rent. It reserves the property while referencing is done and is normally put towards your first payment.
- **Tenancy deposit:** at most five weeks' rent when the annual rent is under £50,000, and six weeks above that.
- **The first month's rent.**

Within 30 days of receiving your deposit, the landlord must protect it in one of the government-backed tenancy deposit schemes and give you the scheme's details. That protects you when you move out: if you and the landlord disagree about deductions, the scheme settles it for free.

Since the Tenant Fees Act 2019, most other charges are banned in England. No fees for viewings, referencing, admin or the inventory. Scotland and Wales have their own rules, which also ban most fees.

## The right-to-rent check

In England, landlords and agents must check that every adult tenant has the right to rent before the tenancy starts. British and Irish citizens show their passport. Visa holders and people with settled or pre-settled status generate a right-to-rent share code on GOV.UK. Scotland, Wales and Northern Ireland do not have these checks.

## Before you sign

- **Ask what kind of tenancy it is.** Most private tenancies in England have been assured shorthold tenancies, and the Renters' Rights Act is moving them to rolling tenancies without a fixed end date. Read what you sign.
- **Ask for the safety paperwork:** the gas safety certificate, the electrical safety report and the Energy Performance Certificate. In England you should also receive the government's How to Rent guide.
- **Read the EPC rating.** It tells you roughly what heating will cost. A draughty flat with a poor rating can double a winter energy bill.
- **Check the council tax band** on GOV.UK before you commit, and ask which bills are included.
- **Insist on a check-in inventory.** Photograph every mark, with dates, and email the photos to the agent on day one.

## Avoiding scams

- Never pay anything before a viewing, in person or by live video with someone you trust.
- Be wary of a rent far below the area's going rate, a landlord who is "overseas" and cannot meet you, or pressure to pay today.
- Letting agents in England must belong to a property redress scheme. Check the membership before you pay a holding deposit.
- Pay by bank transfer to a business account that matches the agent's name, never in cash or to a personal account.

## Start your UK credit file in week one

Renting gets easier once you have a UK history. Open a UK bank account, join the electoral register if you are eligible, put a small regular payment on a credit-builder card and clear it in full every month. Keep the same address for as long as you can. Within six to twelve months most of our clients pass a standard credit check.

Our [accommodation support](/services#accommodation) team arranges viewings before you land and puts your application together in the format UK agents expect.
`;
