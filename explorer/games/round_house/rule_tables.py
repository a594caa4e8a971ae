"""Which ledger rule an action head or a room kind answers to, for illegal-action messages (diagnose.py)."""
from __future__ import annotations

TASK_OF = {"good": "good", "car": "car", "inv": "inv", "perm": "inv", "pir": "pir", "spec": "spec", "amu": "amu",
           "ex": "ex", "take": "take", "copy": "copy", "sell": "sell", "dup": "dup"}
TASK_RULE = {"good": "round_house.effect.good", "car": "round_house.effect.caravan",
             "inv": "round_house.effect.invest", "pir": "round_house.effect.pirate",
             "spec": "round_house.room.specialist", "amu": "round_house.order.amulet-instead",
             "ex": "round_house.room.exchange", "take": "round_house.room.warehouse",
             "bm": "round_house.room.blackmarket", "copy": "round_house.room.greathall",
             "sell": "round_house.specialist.sell", "ord": "round_house.order.draw",
             "disc": "round_house.specialist.limit", "dup": "round_house.order.optional"}
ROOM_RULE = {"goods": "round_house.room.goods", "gold_pirate": "round_house.room.goldpirate",
             "market": "round_house.room.market", "specialist": "round_house.room.specialist",
             "counting_house": "round_house.room.counting", "great_hall": "round_house.room.greathall",
             "retail": "round_house.room.retail", "wholesale": "round_house.room.wholesale",
             "bank": "round_house.room.bank", "black_market": "round_house.room.blackmarket",
             "exchange": "round_house.room.exchange", "meeting_hall": "round_house.room.meeting",
             "warehouse": "round_house.room.warehouse"}

