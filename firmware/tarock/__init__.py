# tarockbox pure rules core: cards, tables, PRNG, trick rules, deal state machines
# and scoring. No machine, asyncio, time, random, float or print here.
