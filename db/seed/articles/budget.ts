export const budgetBody = `"What will it cost?" is the first question at every seminar. The answer depends on your visa route, your family and how much you bring, but every move has the same shape. This is how we build a budget for a Durban family heading to London. The amounts are examples from recent moves at the time of writing; prices and exchange rates change, so get current quotes.

## 1. Before you leave: documents and permissions

- **Visa and Immigration Health Surcharge**, unless you travel on a British or Irish passport. For an Ancestry visa family this is often the single biggest line, because every family member pays the visa fee and the surcharge for the whole length of the visa, upfront. Check the current fees on GOV.UK.
- **TB tests** from an approved clinic for visa applicants.
- **Unabridged certificates, police clearances and apostilles** from Home Affairs, SAPS and DIRCO. Each is cheap but slow, so order them early.
- **A UK ENIC statement** for your qualifications, if your profession needs one.

## 2. Getting there

There is no direct flight from King Shaka to London. You connect through Johannesburg or a Gulf hub. One-way fares jump in December and in South African school holidays, so book early. For a family, an extra checked bag per person is often cheaper than freight for the things you need in the first weeks.

## 3. Moving your belongings

You have four options, from cheapest per item to dearest:

- **excess baggage** on your flight;
- **a shared container** (groupage sea freight), which suits a few cubic metres of boxes;
- **a full container** for a whole household; and
- **air freight**, fast but priced by weight.

Sea freight from Durban takes several weeks door to door, plus customs clearance. Under HMRC's Transfer of Residence relief, household goods usually come in without import duty or VAT, if you have lived outside the UK for at least 12 months and have owned and used the goods for at least six months. Apply before you ship.

Most families sell large appliances: UK plugs differ, and many rentals come with white goods.

## 4. Pets

For pet travel, South Africa is an "unlisted" country, so the process takes months:

1. microchip, then rabies vaccination;
2. a rabies blood test at least 30 days after the vaccination;
3. a wait of three months from the date of the blood sample before the pet may enter Great Britain; and
4. entry as cargo on an approved route, usually through a specialist pet transporter.

## 5. Landing in London: the first month

- **Temporary accommodation** for two to four weeks while you view homes. Per night, this is the most expensive housing of your move.
- **Renting:** a holding deposit of at most one week's rent, a tenancy deposit of at most five weeks' rent, and the first month's rent. That is more than two months of rent before you have a payslip.
- **Setting up the home:** beds, bedding, kitchen basics, and curtains that keep the warmth in. Unfurnished lets are common.
- **Monthly bills from day one:** council tax, energy, water, broadband, phones and a TV Licence.
- **Transport:** where you live decides what you spend. A longer commute from an outer zone often costs more than the rent it saves.
- **Winter clothing.** A Durban wardrobe will not get a family through January.
- **Schools:** state schools are free; apply for a place through the local council. Childcare for under-fives is expensive, so price it before you choose an area.

## 6. The buffer

Most UK salaries are paid monthly in arrears, so your first pay may arrive four to six weeks after you start. Your first payslip may also carry emergency tax. We plan for **three months of living costs with no salary**, on top of everything above.

## Moving money out of South Africa

- **Exchange control.** Each adult has a single discretionary allowance per calendar year that needs no tax clearance. Larger amounts need SARS approval of your tax compliance status first. The limits are reviewed from time to time, so check them with your bank or forex provider.
- **Compare the total cost**, not just the fee: the exchange rate margin is usually the bigger part.
- **Move money in stages.** The rand can move 5 to 10% against the pound in a few months, which on a family budget can be tens of thousands of rand either way.
- **Tax residency.** Tell SARS when you stop being tax resident in South Africa, and take advice from a cross-border tax practitioner before you touch retirement annuities or sell property.

## An example shape

For a family of four with a dog, renting a two-bedroom flat in outer London at about £2,000 a month, our recent budgets at the time of writing looked like this:

- documents, tests and certificates: a few hundred pounds, before any visa fees;
- one-way flights for four: £2,000 to £4,000, depending on the season;
- a shared container of household boxes: £2,000 to £5,000;
- the dog, including the transporter: £2,000 to £4,000;
- three weeks of temporary accommodation: £2,500 to £4,500;
- deposit and first month's rent: about £4,300;
- setting up the home: £1,500 to £3,000; and
- the three-month buffer: your own monthly costs, times three.

Our [funding packages](/services#funding) spread these costs so a family can move without emptying every account, and a [private consultation](/consultations) turns this outline into your own numbers.
`;
