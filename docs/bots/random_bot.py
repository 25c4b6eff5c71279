#!/usr/bin/env python3
"""A bot for rtg's `cmd:` protocol (docs/bots.md): a random legal action, seeded by each
decision's seed so that a game replays the same. Run it with
    rtg simulate aggro midrange --bot-a 'cmd:python3 docs/bots/random_bot.py' --bot-b heuristic
"""
import json
import random
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["protocol"] != 1:
        sys.exit(f"random_bot.py: protocol {message['protocol']} is not 1")
    if message["type"] != "decide":
        continue  # the hello (and any message type a later rtg adds)
    actions = message["actions"]
    # Like rtg's random bot, never reorder blockers (it changes nothing that ends a game).
    choices = [i for i, a in enumerate(actions) if "order_blockers" not in a]
    pick = random.Random(message["seed"]).choice(choices or range(len(actions)))
    print(json.dumps({"action": pick}), flush=True)
