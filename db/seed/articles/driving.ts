export const drivingBody = `Good news first: the British drive on the left, just like South Africans, and your South African licence works in Great Britain from the day you land. The catch is a deadline. This is how the 12-month rule works, why South Africans can usually swap their licence without a test, and what owning a car in the UK involves.

## The 12-month rule

With a valid, full South African licence you can drive a car in Great Britain for 12 months from the date you become resident. After those 12 months you need a GB licence to keep driving.

"Resident" means the date you moved to live here, not the date of a holiday visit years ago. Keep your flight booking or tenancy start date as evidence of when the clock started. Northern Ireland has its own licensing authority and its own process, so check there if you are moving to Belfast.

An international driving permit is not normally needed: South African licence cards are in English and carry a photo.

## South Africa is a "designated country": exchange, don't re-test

The UK has agreements with a short list of "designated countries" whose driving tests it trusts, and South Africa is on that list. That means you can exchange your South African car licence for a full GB licence **without taking a theory or practical test**. The rules:

- **You can exchange at any time within five years of becoming resident**, but you may only *drive* on the South African licence for the first 12 months. If you have not exchanged by then, stop driving until the GB licence arrives.
- **The licence must come from a test you passed in South Africa.** A South African licence that was itself swapped for a licence from another country may not qualify.
- **Restrictions carry over.** If the back of your card shows vehicle restriction code 1 (automatic transmission only), expect your GB licence to be automatic-only too.
- **Other categories differ.** Motorcycle, bus and lorry entitlements follow separate rules; ask DVLA before you rely on them.
- **After five years** the exchange window closes. You would then need a provisional licence and must pass the theory and practical tests like a new driver.

## How to apply

1. Get form D1 from a Post Office or order it from DVLA.
2. Send it to DVLA with your original South African licence, proof of identity, a passport-style photo if asked for one, and the fee shown on GOV.UK.
3. DVLA keeps your South African licence. Renew it before you leave if it is close to expiry, and ask your local licensing department at home what you would need to drive there again on visits.

Processing usually takes a few weeks, and during that time you cannot drive because you have no licence in hand. Apply around month six to nine, not in month eleven.

## Insurance

Car insurance is compulsory from the moment you drive. Expect:

- **higher quotes on a foreign licence.** Some insurers will not quote at all until you have a GB licence, and premiums often drop once you exchange;
- **no-claims history to matter.** Bring a letter from your South African insurer confirming your claims-free years on a letterhead. Not every UK insurer accepts it, but many do; and
- **named drivers to be honest.** Insuring a car in a parent's name when you are the main driver ("fronting") is fraud and voids the cover.

## Owning a car in Great Britain

- **The V5C** (the logbook) shows the registered keeper. Make sure the seller gives you the right part when you buy.
- **Vehicle tax** must be in place before the car goes on the road. It does not transfer with the car, so tax it in your name straight away.
- **The MOT** is an annual roadworthiness test for cars over three years old. You can check any car's MOT history for free on GOV.UK, a good first step before buying second-hand.
- **Finance and write-off checks** are worth paying for on a used car.
- **Clean air zones and London's ULEZ** charge older, more polluting vehicles by the day. Check a car's status before you buy it if you will drive in a city.

## What feels different on the road

- **Miles and miles per hour.** The national limits for cars are 30 mph on most roads with street lights, 60 mph on single carriageways and 70 mph on dual carriageways and motorways, unless signs say otherwise.
- **No four-way stops.** Junctions are controlled by give-way lines, traffic lights and roundabouts, including small painted mini-roundabouts. Give way to traffic from the right.
- **Cameras everywhere.** Average-speed cameras measure your speed between two points, and bus lanes and yellow box junctions are enforced by camera.
- **Phones:** using a hand-held phone while driving is illegal, including at traffic lights.
- **The Highway Code** is free to read on GOV.UK. Read the sections on the hierarchy of road users, which gives pedestrians and cyclists priority in many situations.

Our [vehicle finance](/services#vehicle) team helps clients buy or lease a first UK car with the right insurance in place from day one.
`;
