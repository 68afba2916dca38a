export const rightToWorkBody = `Every UK employer must check that you have the right to work before your first day, and every landlord in England must check your right to rent before the tenancy starts. The check is the same for everyone, and it is not a judgement on you. What changes is how you prove it, and that depends on the route you hold. Here are the routes our clients use most.

## British citizens

If you are a British citizen, your British passport is your proof. A current or an expired British passport is accepted for the right-to-work check. Many employers now use a certified digital identity service for British and Irish passports: you photograph the passport, take a selfie and the check is done remotely.

If you were born in South Africa to a British parent, you may be British by descent even if you have never held a British passport. A South African passport on its own proves nothing to a UK employer, so apply for your first British passport before you fly, and allow several weeks, longer in busy months. Have your parent's British passport or birth certificate and your unabridged birth certificate ready.

## Irish citizens

Irish citizens can live and work in the UK freely under the Common Travel Area, and an Irish passport or passport card proves it. Many South Africans have an Irish-born grandparent, which can make them eligible for Irish citizenship through the Foreign Births Register. The process is slow, often well over a year, so start it early if it applies to you.

## The UK Ancestry visa

The Ancestry visa is the route most of our clients use. You can apply if:

- you are a Commonwealth citizen (South Africa is a member);
- you are 17 or older;
- one of your grandparents was born in the UK, the Channel Islands or the Isle of Man, or in Ireland before 31 March 1922;
- you are able to work and plan to work in the UK; and
- you can support yourself without public funds.

The visa is granted for five years, and you can then apply to settle if you still meet the rules. Settlement rules have been under review, so check the requirements in force when you apply rather than when you arrive. Applicants from South Africa also need a tuberculosis test certificate from a clinic approved by the Home Office.

Visa fees and the Immigration Health Surcharge change regularly. Always check the current amounts on GOV.UK, and budget for every family member, because each person pays both.

## Proving a visa: eVisas and share codes

The UK has moved from physical residence permits to eVisas. Your status lives in your UKVI account, and you prove it online:

1. Sign in to the GOV.UK service to prove your right to work.
2. Generate a **share code**. It is valid for 90 days.
3. Give the employer the share code and your date of birth. They check your status on their side of the same service.

The same service gives a separate code for right-to-rent checks. One practical tip: when you renew your passport, update the passport details in your UKVI account straight away, or airline and border checks can fail.

## Settled and pre-settled status (EU Settlement Scheme)

Many South Africans also hold a Portuguese, Dutch, German, Greek or Italian passport. EU citizens who were living in the UK by 31 December 2020 could apply to the EU Settlement Scheme: **settled status** after five years of continuous residence, **pre-settled status** for less. If you hold either, you prove it with a share code, exactly like a visa.

The important point for anyone moving now: an EU passport on its own no longer gives you the right to live or work in the UK. Unless you already have status under the scheme, or join a family member who does, you need a visa like any other South African. The Irish passport is the exception.

## Indefinite leave to remain

Indefinite leave to remain is settlement outside the EU scheme. It is also proved with a share code. If your leave is only shown by a stamp or sticker in an old passport, apply to have it recorded as an eVisa before you need to start a new job or tenancy.

## Before your first interview

- **Know your route** and put it on your CV, on one line: "Right to work: British citizen" or "Right to work: UK Ancestry visa".
- **Visa holders:** generate a fresh share code in the week you receive an offer, not months before.
- **Make your names match.** Use the same spelling and order of names on your passport, CV, bank account and UKVI account. Double-barrelled and Afrikaans surnames such as "van der Merwe" often get entered three different ways.
- **Keep a copy** of every check you complete, with the date.

This article is general guidance, not legal advice. If your situation has a twist, such as a previous refusal, a name change or a complicated family tree, speak to a regulated immigration adviser or solicitor. Our [visa and legal guidance](/services#legal) team works with both.
`;
