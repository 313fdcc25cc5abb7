/**
 * A small retrieval test set written for this project: 30 short documents of an imaginary company's handbook
 * and 40 questions, each with the one document that answers it. Questions are worded as people ask them, so
 * some share the document's words and some only its meaning.
 */
export const RETRIEVAL_DOCUMENTS: Readonly<Record<string, string>> = {
  'vacation-policy':
    'Every employee receives 25 days of paid vacation each calendar year. Unused vacation days carry over until the end of March of the following year, then they expire.',
  'sick-leave':
    "If you are ill, tell your manager before 10am and record the sick day in the HR portal. From the fourth consecutive sick day a doctor's note is required.",
  'parental-leave':
    'Parents get 16 weeks of fully paid parental leave after the birth or adoption of a child, which can be split into two blocks within the first year.',
  'expense-claims':
    'Submit expense claims with a photo of each receipt within 30 days. Claims are reimbursed with the next monthly salary payment once approved by your manager.',
  'travel-booking':
    'Book business trips through the travel desk. Trains are booked in second class; flights are allowed only for journeys longer than six hours by rail.',
  'hotel-limits':
    'Hotel rooms on business trips may cost up to 150 euros per night in most cities and 220 euros per night in London, Paris and New York.',
  'laptop-request':
    'New laptops are ordered by the IT service desk. Engineers receive a 16-inch machine with 32 GB of memory; other staff receive a 14-inch model.',
  'password-reset':
    'Forgot your password? Use the self-service reset link on the sign-in page; it sends a one-time code to your registered phone number.',
  'vpn-access':
    'Remote access to internal systems requires the company VPN client. Install it from the software center and sign in with your single sign-on account.',
  'wifi-guests':
    'Visitors connect to the Guest wireless network. The reception desk prints a daily access voucher that is valid for 24 hours.',
  'office-hours':
    'The office building is open from 7am to 9pm on weekdays. At weekends entry is possible with your badge, but heating and air conditioning are reduced.',
  parking:
    'Staff parking is in the underground garage, levels -1 and -2. Electric cars may charge for free at the bays marked with a green plug.',
  canteen:
    'The canteen serves lunch from 11:30 to 14:00. Each day there is a vegetarian dish, a vegan dish and a soup; meals are subsidised by the company.',
  'bike-leasing':
    'Through the bike leasing program you can lease a bicycle or e-bike for three years; the monthly rate is deducted from your gross salary.',
  'pension-plan':
    'The company pays 4 percent of your base salary into the pension plan and matches your own contributions up to another 2 percent.',
  'performance-review':
    'Performance reviews take place twice a year, in June and December. You and your manager agree on goals and discuss your development.',
  'salary-bands':
    'Each role belongs to a salary band. Bands are published on the intranet and reviewed every January against market data.',
  onboarding:
    'During the first week new hires meet their buddy, set up their accounts and attend the welcome session on Monday morning.',
  'code-review':
    'Every change to production code needs one approving review from another engineer. Reviewers answer within one working day.',
  'incident-response':
    'When a service is down, page the on-call engineer through the alerting tool, open an incident channel and post updates every 30 minutes.',
  'on-call':
    'Engineers rotate on call one week at a time. On-call weeks are compensated with a fixed allowance plus extra pay for each night call.',
  'security-training':
    'Security awareness training is mandatory every year. It covers phishing, safe passwords and how to report a lost device.',
  'lost-device':
    'Report a lost or stolen laptop or phone immediately to the security team so the device can be locked and wiped remotely.',
  'data-retention':
    'Customer data is deleted 90 days after a contract ends. Backups containing that data expire after a further 30 days.',
  'remote-work':
    'You may work from home up to three days a week. Working from another country is allowed for up to 20 days per year after approval.',
  'equipment-home':
    'For your home office the company pays up to 500 euros for a desk, chair or monitor every three years.',
  'training-budget':
    'Each employee has a learning budget of 1,500 euros a year for courses, conferences and books, plus three learning days.',
  'referral-bonus':
    'Recommend a friend for an open position: if they are hired and stay six months, you receive a referral bonus of 2,000 euros.',
  'company-car':
    'Company cars are provided only for sales roles with regular client visits. Private use is taxed as a benefit in kind.',
  'fire-safety':
    'In case of fire leave the building by the nearest emergency exit, do not use the lifts, and gather at the assembly point in the car park.',
};

export const RETRIEVAL_QUESTIONS: readonly (readonly [question: string, document: string])[] = [
  ['How many vacation days do I get per year?', 'vacation-policy'],
  ['Do unused holidays expire?', 'vacation-policy'],
  ["When do I need a doctor's note for sick leave?", 'sick-leave'],
  ['I am ill today, who do I tell?', 'sick-leave'],
  ['How long is parental leave after adoption?', 'parental-leave'],
  ['How do I get reimbursed for a receipt?', 'expense-claims'],
  ['When are expense claims paid?', 'expense-claims'],
  ['Can I fly to a customer meeting?', 'travel-booking'],
  ['Which train class may I book?', 'travel-booking'],
  ['What is the maximum hotel price per night in Paris?', 'hotel-limits'],
  ['How much memory do engineers get in their laptop?', 'laptop-request'],
  ['I forgot my password', 'password-reset'],
  ['How do I connect to internal systems from home?', 'vpn-access'],
  ['How can a visitor get on the wireless network?', 'wifi-guests'],
  ['Is the office open on Saturday?', 'office-hours'],
  ['Where can I charge my electric car?', 'parking'],
  ['Where do staff park?', 'parking'],
  ['What time is lunch served?', 'canteen'],
  ['Is there vegan food in the canteen?', 'canteen'],
  ['Can I lease an e-bike?', 'bike-leasing'],
  ['How much does the company contribute to my pension?', 'pension-plan'],
  ['When are performance reviews held?', 'performance-review'],
  ['Where are salary bands published?', 'salary-bands'],
  ['What happens in my first week?', 'onboarding'],
  ['How many approvals does a code change need?', 'code-review'],
  ['A service is down, what should I do?', 'incident-response'],
  ['How often do we post updates during an incident?', 'incident-response'],
  ['Is on-call work paid extra?', 'on-call'],
  ['Is security training mandatory?', 'security-training'],
  ['My phone was stolen', 'lost-device'],
  ['When is customer data deleted after a contract ends?', 'data-retention'],
  ['How many days a week can I work from home?', 'remote-work'],
  ['Can I work from abroad for a few weeks?', 'remote-work'],
  ['Will the company pay for a monitor for my home office?', 'equipment-home'],
  ['What is my yearly budget for conferences and courses?', 'training-budget'],
  ['Do I get a bonus for recommending a friend?', 'referral-bonus'],
  ['Who is entitled to a company car?', 'company-car'],
  ['Where do we gather during a fire alarm?', 'fire-safety'],
  ['Can I use the lift when there is a fire?', 'fire-safety'],
  ['How long do backups keep deleted customer data?', 'data-retention'],
];
