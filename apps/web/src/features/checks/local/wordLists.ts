/**
 * The word lists behind the local checks (docs/CHECKS.md "Local checks"): what counts as a form of
 * 'to be', a past participle, a filler, a hedge, an -ly word that is no adverb. Lower case.
 */
import { FUNCTION_WORDS } from '@bree/contracts';

const list = (words: string): Set<string> => new Set(words.trim().split(/\s+/));

/** Forms of 'to be' that make a passive with a past participle. */
export const BE_FORMS = list('am is are was were be been being');

/** Words that may stand between 'to be' and its participle ('was never seen', 'is being built'). */
export const PASSIVE_GAP = list('not never also already just still often always soon all both then now even once rarely seldom been being');

/** Past participles that do not end in -ed. */
export const IRREGULAR_PARTICIPLES = list(`
  arisen awoken beaten become begun bent bet bid bitten bled blown born borne bought bound bred brought built
  burnt burst cast caught chosen clung come cost crept cut dealt done drawn dreamt driven dug eaten fallen fed
  felt fought found fled flung flown forbidden forgiven forgotten forsaken frozen given gone got gotten ground
  grown hung heard held hewn hidden hit hurt kept knelt known laid led leapt learnt left lent let lit lost made
  meant met mistaken mown overcome overtaken overthrown paid proven put quit read rent rid ridden risen run
  said sat seen sent set sewn shaken shed shorn shot shown shrunk shut slain slung slit sold sought sown sped
  spent spilt spoken spread sprung spun stolen struck strung stuck stung sung sunk swept sworn swollen swung
  taken taught thought thrown told torn trodden understood undertaken upheld withheld woken won worn wound
  woven written wrung`);

/** Words ending in -ed that are no participle ('is red' is not passive). */
export const NOT_PARTICIPLES = list(`
  bed red shed sled bred need seed feed weed deed reed speed greed breed steed creed indeed exceed proceed
  succeed hundred sacred naked wicked rugged ragged jagged crooked beloved wretched kindred hatred shred embed
  infrared learned aged dogged blessed cursed`);

/**
 * Participles that after 'to be' usually describe a state rather than an action done to the
 * subject ('was tired', 'is interested in', 'was used to'): passive only with a 'by' after them.
 */
export const STATE_PARTICIPLES = list(`
  tired bored interested excited worried scared pleased surprised married used supposed concerned
  determined involved related frightened annoyed amazed confused embarrassed exhausted satisfied
  disappointed delighted drunk ashamed lost done gone finished dressed allowed required based located
  prepared convinced engaged acquainted obliged committed qualified accustomed closed opened`);

/** Words that usually add nothing the sentence does not already say. */
export const FILLER_WORDS = list(`
  really very just actually basically literally totally quite simply truly definitely honestly
  extremely completely absolutely utterly seriously obviously essentially certainly`);

/** Words and phrases that soften a claim; each phrase as its lower-case words. */
export const HEDGE_PHRASES: string[][] = `
  perhaps|maybe|somewhat|possibly|apparently|arguably|presumably|seemingly|supposedly|relatively
  i think|i believe|i feel|i guess|i suppose|it seems|it seems that|it appears|seems to|seem to|appears to
  sort of|kind of|in my opinion|to some extent|more or less|to a certain extent|tends to|tend to`
  .split(/[|\n]/)
  .map((p) => p.trim())
  .filter(Boolean)
  .map((p) => p.split(' '));

/** Before 'kind of' / 'sort of' these make it a noun ('a kind of bird'), not a hedge. */
export const KIND_OF_DETERMINERS = list(
  'a an the what this that some any every one no same different which each another other all these those its his her their my your our of whatever',
);

/** Words ending in -ly that are not adverbs of manner (adjectives, nouns, verbs). */
export const NOT_ADVERBS = list(`
  only family early likely unlikely daily weekly monthly yearly hourly nightly holy ugly lovely lonely
  friendly unfriendly silly jolly belly bully lily fly rely reply supply apply ally italy july holly jelly
  hilly chilly curly surly burly elderly orderly costly deadly lively manly ghostly sickly oily woolly
  wily homely lowly timely unruly assembly anomaly monopoly rally tally sally dolly gully folly melancholy
  butterfly dragonfly firefly comply imply multiply emily molly kelly billy nelly willy reilly
  worldly heavenly cowardly scholarly brotherly sisterly motherly fatherly neighbourly neighborly courtly
  stately comely bubbly wobbly crumbly prickly wrinkly smelly bodily measly beastly princely queenly
  saintly portly sprightly leisurely`);

/** Words too common to be a repetition worth pointing out: the function words and a few more. */
export const NOT_REPETITION = new Set<string>([
  ...FUNCTION_WORDS,
  ...list(`
    said says have been were what when with this that them then they there their into from would could
    should about over like some more than only also your will each much even back down here where while
    after before through other these those because again still know make made does didn't don't
    it's i'm that's there's can't won't wasn't isn't himself herself itself themselves just very`),
]);

/** Sentence openings too ordinary to flag alone: a repeat of these needs two equal words or three sentences. */
export const COMMON_OPENINGS = new Set<string>([...FUNCTION_WORDS, ...list('his her their its our your these those one when')]);
