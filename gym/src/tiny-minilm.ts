import { encodeOnnxModel, FLOAT, INT64, type OnnxValue } from './onnx-proto';

// A stand-in for all-MiniLM-L6-v2 that tests build in a moment, with nothing downloaded:
// the same files, names and shapes transformers.js loads from the real repository
// (config.json, tokenizer.json, tokenizer_config.json, onnx/model_quantized.onnx), but a
// one-layer graph — seeded random word vectors, a token-type vector, one dense layer, the
// attention mask applied — so texts sharing words get nearby mean-pooled vectors.

/** The repository transformers.js fetches for all-MiniLM-L6-v2 (and its quantised model file). */
export const MINILM_REPO = 'Xenova/all-MiniLM-L6-v2';
export const MINILM_MODEL_FILE = 'onnx/model_quantized.onnx';
export const MINILM_DIMENSIONS = 384;

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
const WORDS = `the a an and or of to in on for with at by from is are was were be been it this that these those
i you he she we they my your our their me him her us them not no yes do does did have has had will would can could
what which who when where why how about into over after before more most some any all each other new old good best
page pages read reading file files search memory note notes email phone address contact doctor clinic appointment
react hooks state effect component javascript typescript code function library browser extension tab window
recipe bread flour water yeast bake oven cake sugar butter salt cook kitchen dinner lunch breakfast
cat cats dog dogs pet pets animal animals bird fish garden plant plants tree trees flower flowers
weather rain snow sun cloud wind storm forecast temperature cold hot warm
train trains travel trip ticket flight airport hotel city map road car bike bus station
money bank price cost buy sell shop order cart pay invoice tax budget
music song songs film movie book books story news sport football game team
health sleep food diet exercise run walk swim water coffee tea
learn learning model models vector vectors embedding embeddings language word words sentence text`
  .split(/\s+/)
  .filter(Boolean);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');
const SUFFIXES = ['s', 'es', 'ed', 'ing', 'er', 'ly', 'tion'];

/** The WordPiece vocabulary: specials, words, then single characters and ## pieces so any word splits without [UNK]. */
export function tinyVocab(): string[] {
  const vocab = [...SPECIAL, ...new Set(WORDS), ...LETTERS, ...SUFFIXES.map((s) => `##${s}`), ...LETTERS.map((c) => `##${c}`)];
  return [...new Set(vocab)];
}

/** A small seeded generator (mulberry32), so every build of the model is the same. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number, count: number, scale: number): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()) * scale;
  return out;
}

/** The ONNX graph: input_ids, attention_mask, token_type_ids (int64 [batch, sequence]) → last_hidden_state (float32 [batch, sequence, 384]). */
export function tinyMiniLmOnnx(seed = 12): Uint8Array {
  const random = seeded(seed);
  const vocabSize = tinyVocab().length;
  const d = MINILM_DIMENSIONS;
  // The dense layer stays close to the identity, so words keep their own directions.
  const dense = gaussian(random, d * d, 0.02);
  for (let i = 0; i < d; i++) dense[i * d + i] = (dense[i * d + i] ?? 0) + 1;
  const ids = (name: string): OnnxValue => ({ name, elemType: INT64, shape: ['batch_size', 'sequence_length'] });
  return encodeOnnxModel({
    name: 'tiny-minilm',
    opset: 13,
    initializers: [
      { name: 'word_embeddings', dims: [vocabSize, d], data: gaussian(random, vocabSize * d, 1) },
      { name: 'token_type_embeddings', dims: [2, d], data: gaussian(random, 2 * d, 0.05) },
      { name: 'dense', dims: [d, d], data: dense },
      { name: 'last_axis', dims: [1], data: BigInt64Array.from([2n]) },
    ],
    inputs: [ids('input_ids'), ids('attention_mask'), ids('token_type_ids')],
    outputs: [{ name: 'last_hidden_state', elemType: FLOAT, shape: ['batch_size', 'sequence_length', d] }],
    nodes: [
      { op: 'Gather', inputs: ['word_embeddings', 'input_ids'], outputs: ['words'] },
      { op: 'Gather', inputs: ['token_type_embeddings', 'token_type_ids'], outputs: ['types'] },
      { op: 'Add', inputs: ['words', 'types'], outputs: ['embedded'] },
      { op: 'MatMul', inputs: ['embedded', 'dense'], outputs: ['hidden'] },
      { op: 'Cast', inputs: ['attention_mask'], outputs: ['mask_float'], ints: { to: FLOAT } },
      { op: 'Unsqueeze', inputs: ['mask_float', 'last_axis'], outputs: ['mask'] },
      { op: 'Mul', inputs: ['hidden', 'mask'], outputs: ['last_hidden_state'] },
    ],
  });
}

/** tokenizer.json in the `tokenizers` library's format: BERT normalisation and pre-tokenising, WordPiece, [CLS] … [SEP]. */
export function tinyTokenizerJson(): object {
  const vocab = tinyVocab();
  const id = (token: string) => vocab.indexOf(token);
  const special = (token: string) => ({
    id: id(token),
    content: token,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const single = [
    { SpecialToken: { id: '[CLS]', type_id: 0 } },
    { Sequence: { id: 'A', type_id: 0 } },
    { SpecialToken: { id: '[SEP]', type_id: 0 } },
  ];
  return {
    version: '1.0',
    truncation: { direction: 'Right', max_length: 128, strategy: 'LongestFirst', stride: 0 },
    padding: null,
    added_tokens: SPECIAL.map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single,
      pair: [...single, { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } }],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((token, i) => [token, i])),
    },
  };
}

/** The files of the tiny model by their path in the repository. */
export function tinyMiniLmFiles(): Map<string, Uint8Array> {
  const json = (value: object) => new TextEncoder().encode(JSON.stringify(value));
  return new Map([
    [
      'config.json',
      json({
        _name_or_path: 'wayfinder-gym/tiny-minilm',
        architectures: ['BertModel'],
        model_type: 'bert',
        hidden_size: MINILM_DIMENSIONS,
        num_attention_heads: 12,
        num_hidden_layers: 1,
        intermediate_size: 1536,
        max_position_embeddings: 512,
        type_vocab_size: 2,
        vocab_size: tinyVocab().length,
        pad_token_id: 0,
      }),
    ],
    ['tokenizer.json', json(tinyTokenizerJson())],
    [
      'tokenizer_config.json',
      json({
        tokenizer_class: 'BertTokenizer',
        do_lower_case: true,
        model_max_length: 512,
        clean_up_tokenization_spaces: true,
        cls_token: '[CLS]',
        sep_token: '[SEP]',
        pad_token: '[PAD]',
        unk_token: '[UNK]',
        mask_token: '[MASK]',
      }),
    ],
    [MINILM_MODEL_FILE, tinyMiniLmOnnx()],
  ]);
}
