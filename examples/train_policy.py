"""A French Tarot policy learned on CPU in a few minutes, with numpy only.

It imitates the heuristic robot: heuristic robots play deals, every decision
is recorded as (observation tensor, legal mask, action) through atout.rl, a
small network (one hidden layer, softmax over the legal actions) is fitted to
those choices, and the learned policy then plays duplicate deals in the arena
against the random and the heuristic robots (the same cards with the seats
rotated, 95% intervals over deals). Run it with::

    python3 -m uv run --extra rl python examples/train_policy.py

Options: ``--deals`` to record, ``--epochs``, ``--hidden``, ``--eval-deals``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.arena.duplicate import Setup, play_deal
from atout.arena.report import summarize
from atout.french.rules import FRENCH
from atout.rl import GameSpec, make_spec
from atout.rl.spec import legal_texts_map, spec_of_rules
from atout.robots import make_robot
from atout.robots.base import Robot

Array = npt.NDArray[np.float32]


def record(spec: GameSpec, deals: int, seed: int) -> tuple[Array, Array, npt.NDArray[np.int64]]:
    """Observations, legal masks and the heuristic's choices over ``deals`` deals."""
    observations: list[Array] = []
    masks: list[Array] = []
    choices: list[int] = []
    for deal in range(deals):
        state = FRENCH.new(spec.players)
        state.step(FRENCH.deal_action(state, seed + deal))
        robots = [make_robot("heuristic") for _ in range(spec.players)]
        while not spec.episode_over(state):
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            legal = view["legal"] or []
            text = robots[seat].choose(view, legal, seed + deal)
            mask = np.zeros(spec.num_actions, dtype=np.float32)
            mask[list(legal_texts_map(spec, legal))] = 1.0
            action = FRENCH.parse_action(text)
            observations.append(spec.observe(view).astype(np.float16))
            masks.append(mask)
            choices.append(spec.index(action))
            state.step(action)
    return np.array(observations), np.array(masks), np.array(choices, dtype=np.int64)


class Policy:
    """obs -> ReLU hidden layer -> one logit per action; illegal actions masked out."""

    def __init__(self, inputs: int, hidden: int, outputs: int, rng: np.random.Generator) -> None:
        self.params = [
            (rng.standard_normal((inputs, hidden)) * np.sqrt(2.0 / inputs)).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            (rng.standard_normal((hidden, outputs)) * np.sqrt(1.0 / hidden)).astype(np.float32),
            np.zeros(outputs, dtype=np.float32),
        ]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.steps = 0

    def logits(self, x: Array, mask: Array) -> tuple[Array, Array]:
        w1, b1, w2, b2 = self.params
        hidden = np.maximum(x @ w1 + b1, 0.0)
        return np.where(mask > 0, hidden @ w2 + b2, -1e9).astype(np.float32), hidden

    def train_step(self, x: Array, mask: Array, target: npt.NDArray[np.int64], lr: float) -> float:
        """One Adam step on the cross-entropy of the masked softmax; the batch's loss."""
        logits, hidden = self.logits(x, mask)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        rows = np.arange(len(target))
        loss = float(-np.log(probs[rows, target] + 1e-9).mean())
        grad = probs
        grad[rows, target] -= 1.0
        grad /= len(target)
        w2 = self.params[2]
        grad_hidden = (grad @ w2.T) * (hidden > 0)
        grads = [x.T @ grad_hidden, grad_hidden.sum(0), hidden.T @ grad, grad.sum(0)]
        self.steps += 1
        for p, g, (m, v) in zip(self.params, grads, self.moments, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            p -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)
        return loss

    def best(self, x: Array, mask: Array) -> npt.NDArray[np.int64]:
        return np.asarray(self.logits(x, mask)[0].argmax(axis=1), dtype=np.int64)


class PolicyRobot:
    """The learned policy behind atout's robot interface, for the arena."""

    name = "policy"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.specs: dict[str, GameSpec] = {}

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[str], seed: int, budget: float | None = None
    ) -> str:
        key = repr(view["rules"])
        spec = self.specs.get(key) or self.specs.setdefault(key, spec_of_rules(view["rules"]))
        texts = legal_texts_map(spec, legal)
        mask = np.zeros((1, spec.num_actions), dtype=np.float32)
        mask[0, list(texts)] = 1.0
        x = spec.observe(view)[None, :]
        return texts[int(self.policy.best(x, mask)[0])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600, help="heuristic deals to imitate")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--eval-deals", type=int, default=300, help="arena deals per opponent")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    spec = make_spec("french", 4)
    rng = np.random.default_rng(args.seed)

    start = time.perf_counter()
    x, masks, choices = record(spec, args.deals, seed=args.seed * 1_000_000)
    print(f"recorded {len(choices)} heuristic decisions in {time.perf_counter() - start:.0f} s")

    held = len(choices) // 10
    order = rng.permutation(len(choices))
    test, train = order[:held], order[held:]
    policy = Policy(spec.obs_size, args.hidden, spec.num_actions, rng)
    start = time.perf_counter()
    for epoch in range(args.epochs):
        rng.shuffle(train)
        losses = [
            policy.train_step(x[batch].astype(np.float32), masks[batch], choices[batch], lr=1e-3)
            for batch in np.array_split(train, max(1, len(train) // 256))
        ]
        agree = (policy.best(x[test].astype(np.float32), masks[test]) == choices[test]).mean()
        print(f"epoch {epoch + 1}: loss {np.mean(losses):.3f}, held-out agreement {agree:.1%}")
    print(f"trained in {time.perf_counter() - start:.0f} s")

    robot = PolicyRobot(policy)

    def robots(name: str, budget: float | None) -> Robot:
        return robot if name == "policy" else make_robot(name, budget)

    for opponent in ("random", "heuristic"):
        setup = Setup("french", 4, ("policy", opponent), seed=args.seed + 7, robots=robots)
        start = time.perf_counter()
        report = summarize(setup, [play_deal(setup, i) for i in range(args.eval_deals)])
        mine = report["robots"][0]
        adv = mine["advantage"]
        print(
            f"policy vs {opponent}: {adv['mean']:+.1f} points a deal over {opponent} "
            f"(95% interval {adv['low']:+.1f} to {adv['high']:+.1f}, {adv['n']} duplicate "
            f"deals, {time.perf_counter() - start:.0f} s); takes {mine['contract_rate']:.0%}, "
            f"makes {mine['contract_success'] or 0:.0%}"
        )


if __name__ == "__main__":
    main()
