"""Deterministic synthetic token data for the Gemma LoRA example.

Nothing is downloaded: the corpus is sampled from a fixed first-order Markov
chain ("a tiny language") over the vocabulary. Every token has a handful of
possible successors with skewed probabilities, and successors are drawn from
a Zipf-like distribution over the vocabulary, so a model can lower its loss
both by learning unigram frequencies and by learning the bigram structure.

The same `seed` always gives the same arrays, on every machine and in every
process, which is what a multi-process run needs: every process builds the
same global arrays and `fit` hands each process its rows.

Example:

```python
from examples.gemma import data

x, y = data.make_dataset(num_sequences=64, seq_len=128, vocab_size=4096)
x.shape, y.shape  # (64, 128), (64, 128); y[:, :-1] == x[:, 1:]
```
"""

import numpy as np

SUCCESSOR_PROBS = (0.55, 0.25, 0.12, 0.08)
CHUNK = 64


def make_transition_table(vocab_size, seed=0, zipf_exponent=1.1):
    """The Markov chain: `successors[t, k]` is the k-th successor of `t`.

    Args:
        vocab_size: Number of token ids.
        seed: Seed of the chain.
        zipf_exponent: Skew of the distribution the successors are drawn
            from (larger: fewer, more frequent tokens).

    Returns:
        An int32 array of shape `(vocab_size, len(SUCCESSOR_PROBS))`.
    """
    rng = np.random.default_rng(seed)
    ranks = np.arange(1, vocab_size + 1, dtype="float64")
    popularity = ranks**-zipf_exponent
    popularity /= popularity.sum()
    # A random permutation so that frequent tokens are not just small ids.
    ids = rng.permutation(vocab_size)
    draws = rng.choice(
        vocab_size, size=(vocab_size, len(SUCCESSOR_PROBS)), p=popularity
    )
    return ids[draws].astype("int32")


def sample_tokens(num_sequences, length, vocab_size, seed=0):
    """Samples `num_sequences` token sequences of `length` from the chain.

    Sequences are sampled in blocks of `CHUNK` with their own seeds, so the
    first rows do not depend on `num_sequences`: asking for more sequences
    (e.g. more training steps) appends new ones.

    Args:
        num_sequences: Number of sequences.
        length: Tokens per sequence.
        vocab_size: Vocabulary size.
        seed: Seed of both the chain and the sampling.

    Returns:
        An int32 array of shape `(num_sequences, length)`.
    """
    successors = make_transition_table(vocab_size, seed=seed)
    probs = np.asarray(SUCCESSOR_PROBS)
    chunks = []
    for chunk in range(-(-num_sequences // CHUNK)):
        rng = np.random.default_rng((seed, 1, chunk))
        tokens = np.empty((CHUNK, length), dtype="int32")
        tokens[:, 0] = rng.integers(0, vocab_size, size=CHUNK)
        choices = rng.choice(len(probs), size=(CHUNK, length - 1), p=probs)
        for t in range(1, length):
            tokens[:, t] = successors[tokens[:, t - 1], choices[:, t - 1]]
        chunks.append(tokens)
    if not chunks:
        return np.zeros((0, length), dtype="int32")
    return np.concatenate(chunks)[:num_sequences]


def make_dataset(num_sequences, seq_len=128, vocab_size=4096, seed=0):
    """Next-token pairs `(x, y)`, both int32 of shape `(N, seq_len)`.

    `y[:, i]` is the token following `x[:, i]`.

    Args:
        num_sequences: Number of sequences `N`.
        seq_len: Sequence length.
        vocab_size: Vocabulary size.
        seed: Seed (same seed, same data).

    Returns:
        A tuple `(x, y)` of NumPy arrays.
    """
    tokens = sample_tokens(num_sequences, seq_len + 1, vocab_size, seed)
    return tokens[:, :-1].copy(), tokens[:, 1:].copy()


def chain_entropy():
    """The chain's next-token entropy in nats: about the best loss possible.

    (Slightly pessimistic when two successors of a token coincide.)
    """
    p = np.asarray(SUCCESSOR_PROBS)
    return float(-(p * np.log(p)).sum())
