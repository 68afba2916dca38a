export const ukCvBody = `A CV that works in Johannesburg can quietly fail in London. UK recruiters expect two pages, no personal details beyond how to reach you, and achievements backed by numbers. The experience is yours already; this is about presenting it the way a UK reader expects.

## What UK CVs leave out

UK employers recruit under the Equality Act 2010, and recruiters prefer CVs that give no grounds for a discrimination claim. Details that are normal on a South African CV count against you here. Remove:

- **your photo**;
- **your ID number**, which also protects you from identity theft;
- **your date of birth and age**;
- **marital status, children, gender, race or equity category, religion and health**;
- **your full street address**: your town or city, and the postcode once you have one, is enough;
- **your salary history**: discuss salary in the interview, not on the page;
- **matric subject marks**, unless you left school in the last few years; and
- **your driver's licence code**, unless the job involves driving. If it does, write "Full driving licence".

## Two pages, in this order

1. **Name and contact line:** your mobile (a UK number as soon as you have one), your email, your LinkedIn link and your town.
2. **Right to work:** one line, such as "Right to work: British citizen" or "Right to work: UK Ancestry visa". It answers the recruiter's first question before they have to ask it.
3. **Profile:** three or four lines on who you are, your level and what you want next.
4. **Key skills:** six to eight, using the words of the job advert.
5. **Experience:** most recent first, with month and year for every role.
6. **Education and professional registration.**
7. **Interests:** optional, one line, and only if they say something useful about you.

## Translate the South African context

A UK recruiter may not know your employer, your qualification or your professional body.

- **Give each employer a line of context.** "A listed financial services group with 4,000 staff" tells a recruiter more than the company name on its own.
- **Give money as scale.** "Managed a budget of R45 million" means little in London. Convert it at the current rate, round it, and write both: "R45m (about £2m)".
- **Explain qualifications.** Write "National Senior Certificate (Matric)" in full. For degrees and diplomas, a Statement of Comparability from UK ENIC tells employers how your qualification compares to a UK one.
- **Name your professional body and its UK counterpart.** For regulated professions you must register with the UK regulator before you can practise: the NMC for nurses, the GMC for doctors, the HCPC for many allied health professions. Teachers apply for Qualified Teacher Status. Accountants and engineers should check what recognition their South African body has with its UK equivalent, such as ICAEW and ACCA, or the Engineering Council and its institutions. Say on the CV where you are in that process.
- **Use UK job titles where yours differ**, and put your actual title in brackets if it helps.

## Achievements, not duties

UK recruiters skim for results. Compare:

- *Duty:* "Responsible for month-end reporting."
- *Achievement:* "Cut month-end close from ten to six working days by automating bank reconciliations."

Start each bullet with a verb, keep it to one or two lines, and add a number wherever you honestly can: money, time, people, percentages.

## Details that show you know the UK market

- **UK spelling and dates.** South African English is close to British English already; just check that your CV template is not set to American spelling.
- **Time zones.** If you are still in South Africa, say so and mention that you are one hour ahead of the UK in summer and two in winter. Recruiters then know when to call.
- **Availability.** "Relocating to Bristol; available from 1 March" is better than "Available immediately".
- **References.** "References available on request" is enough, or leave the line out. UK references are usually requested after an offer, and many employers only confirm your dates and job title.
- **Format.** Use a simple single-column layout without tables, text boxes or graphics, because many employers use software to read CVs. Agencies often prefer a Word file; otherwise send a PDF named "Firstname-Lastname-CV".
- **A cover letter or email.** Three short paragraphs: why this role, why you, and your right to work and start date.

## Before you send it

- Two pages, no photo, no ID number, no date of birth
- Right-to-work line near the top
- Every employer and qualification explained for a UK reader
- Achievements with numbers in every recent role
- UK mobile number, or the South African one marked with WhatsApp
- File named with your name, checked by someone who has hired in the UK

Our [employment support](/services#employment) team reviews CVs line by line and introduces you to the UK employers and agencies we work with.
`;
