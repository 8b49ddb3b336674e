"""The commands' parameters as typer reads them: the quick path's table.

Made by ``python -m companion.cli.dispatch`` from the declarations; a test
fails when it is out of date. Rows: see ``companion.cli.quick.Row``."""

from typing import Any

COMMANDS: dict[tuple[str, ...], Any] = {
    ('demo',): (
        (
            ('example', 'argument', ('example',), (), 'str', 1, False, False),
        ),
        None,
    ),
    ('elbereth', 'new'): (
        (
            ('equip', 'option', ('--equip',), (), 'other', 2, False, False),
            ('bosses', 'flag', ('--bosses',), (), 'bool', 1, False, False),
            ('short_boost', 'option', ('--short-boost',), (), 'str', 1, False, False),
            ('bribe_from', 'option', ('--bribe-from',), (), 'str', 1, False, False),
            ('bribe_key', 'flag', ('--bribe-key',), ('--no-bribe-key',), 'bool', 1, False, False),
            ('name', 'option', ('--name',), (), 'str', 1, False, False),
        ),
        None,
    ),
    ('elbereth', 'odds'): (
        (
            ('enemy', 'argument', ('enemy',), (), 'str', 1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('elbereth', 'summary'): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('export',): (
        (
            ('kind', 'argument', ('kind',), (), 'str', 1, False, False),
            ('csv', 'flag', ('--csv',), (), 'bool', 1, False, False),
            ('every', 'flag', ('--all',), (), 'bool', 1, False, False),
            ('output', 'option', ('--output', '-o'), (), 'other', 1, False, False),
        ),
        None,
    ),
    ('games',): (
        (
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        'ctx',
    ),
    ('halfdeck', 'cards'): (
        (
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        'ctx',
    ),
    ('halfdeck', 'new'): (
        (
            ('name', 'option', ('--name',), (), 'str', 1, False, False),
            ('players', 'option', ('--players',), (), 'int', 1, False, False),
            ('endgame', 'option', ('--endgame',), (), 'str', 1, False, False),
            ('deck_size', 'option', ('--deck-size',), (), 'int', 1, False, False),
            ('rescue', 'option', ('--rescue',), (), 'str', 1, False, False),
            ('trap_needs', 'option', ('--trap-needs',), (), 'str', 1, False, False),
            ('shuffle_back', 'flag', ('--shuffle-back',), ('--no-shuffle-back',), 'bool', 1, False, False),
            ('assist_rule', 'option', ('--assist-rule',), (), 'str', 1, False, False),
            ('seat', 'option', ('--seat',), (), 'str', 1, True, False),
        ),
        None,
    ),
    ('halfdeck', 'odds'): (
        (
            ('target', 'option', ('--target',), (), 'int', 1, False, False),
            ('attribute', 'option', ('--attribute',), (), 'str', 1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('halfdeck', 'summary'): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'check', 'attack'): (
        (
            ('enemy', 'argument', ('enemy',), (), 'str', 1, False, True),
            ('cards', 'argument', ('cards',), (), 'str', -1, False, True),
            ('bracelet', 'flag', ('--bracelet',), ('--no-bracelet',), 'bool', 1, False, False),
            ('prisoners', 'option', ('--prisoners',), (), 'int', 1, False, False),
            ('potion', 'option', ('--potion',), (), 'int', 1, True, False),
            ('super_', 'flag', ('--super',), (), 'bool', 1, False, False),
            ('curse', 'flag', ('--curse',), ('--no-curse',), 'bool', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'check', 'price'): (
        (
            ('card', 'argument', ('card',), (), 'str', 1, False, True),
            ('pay', 'option', ('--pay',), (), 'str', 1, True, False),
            ('bag', 'flag', ('--bag',), ('--no-bag',), 'bool', 1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'check', 'spell'): (
        (
            ('spell', 'argument', ('spell',), (), 'str', 1, False, True),
            ('with_', 'option', ('--with', '-w'), (), 'str', 1, True, False),
            ('scepter', 'flag', ('--scepter',), ('--no-scepter',), 'bool', 1, False, False),
            ('battle', 'flag', ('--battle',), ('--no-battle',), 'bool', 1, False, False),
            ('trading', 'flag', ('--trading',), ('--no-trading',), 'bool', 1, False, False),
            ('encounter', 'option', ('--encounter',), (), 'str', 1, False, False),
            ('treasure', 'option', ('--treasure',), (), 'str', 1, False, False),
            ('count', 'option', ('--count', '-n'), (), 'int', 1, False, False),
            ('overpay', 'flag', ('--overpay',), ('--no-overpay',), 'bool', 1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'check', 'steal'): (
        (
            ('cards', 'argument', ('cards',), (), 'str', -1, False, False),
            ('by', 'option', ('--by',), (), 'str', 1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'check', 'trade'): (
        (
            ('want', 'argument', ('want',), (), 'str', 1, False, True),
            ('offer', 'option', ('--offer',), (), 'str', 1, True, False),
            ('bag', 'flag', ('--bag',), ('--no-bag',), 'bool', 1, False, False),
            ('ace_value', 'option', ('--ace-value',), (), 'int', 1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'new'): (
        (
            ('name', 'option', ('--name',), (), 'str', 1, False, False),
            ('life', 'option', ('--life',), (), 'int', 1, False, False),
            ('decks', 'option', ('--decks',), (), 'int', 1, False, False),
            ('jokers', 'option', ('--jokers',), (), 'int', 1, False, False),
            ('rules', 'option', ('--rules',), (), 'str', 1, False, False),
            ('chambers', 'option', ('--chambers',), (), 'int', 1, False, False),
            ('inventory_limit', 'option', ('--inventory-limit',), (), 'int', 1, False, False),
            ('late_potions', 'flag', ('--late-potions',), ('--no-late-potions',), 'bool', 1, False, False),
            ('evil', 'flag', ('--evil',), ('--no-evil',), 'bool', 1, False, False),
            ('ace_offer_value', 'option', ('--ace-offer-value',), (), 'int', 1, False, False),
            ('bag_partial', 'option', ('--bag-partial',), (), 'str', 1, False, False),
            ('illusion_black_queen', 'option', ('--illusion-black-queen',), (), 'str', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'odds'): (
        (
            ('next_', 'option', ('--next',), (), 'int', 1, False, False),
            ('card', 'option', ('--card',), (), 'str', 1, False, False),
            ('kind', 'option', ('--kind',), (), 'str', 1, False, False),
            ('potion', 'option', ('--potion',), (), 'str', 1, False, False),
            ('prisoner', 'option', ('--prisoner',), (), 'str', 1, True, False),
            ('assumptions', 'flag', ('--assumptions',), (), 'bool', 1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'spells'): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
            ('every', 'flag', ('--all',), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('hebrac', 'summary'): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('import',): (
        (
            ('source', 'argument', ('source',), (), 'str', 1, False, True),
            ('name', 'option', ('--name',), (), 'str', 1, False, False),
            ('force', 'flag', ('--force',), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('play',): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
        ),
        None,
    ),
    ('rules',): (
        (
            ('words', 'argument', ('words',), (), 'str', -1, False, False),
            ('toc', 'flag', ('--toc',), (), 'bool', 1, False, False),
            ('diff', 'flag', ('--diff',), (), 'bool', 1, False, False),
            ('check', 'flag', ('--check',), (), 'bool', 1, False, False),
            ('plain', 'flag', ('--plain',), (), 'bool', 1, False, False),
            ('sources', 'flag', ('--sources',), (), 'bool', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('serve',): (
        (
            ('games', 'option', ('--game', '-g'), (), 'str', 1, True, False),
            ('host', 'option', ('--host',), (), 'str', 1, False, False),
            ('port', 'option', ('--port',), (), 'int', 1, False, False),
            ('players_act', 'flag', ('--players-act',), (), 'bool', 1, False, False),
            ('new_links', 'flag', ('--new-links',), (), 'bool', 1, False, False),
            ('act_links', 'flag', ('--act-links',), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('share',): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('qr', 'flag', ('--qr',), (), 'bool', 1, False, False),
            ('text', 'flag', ('--text',), (), 'bool', 1, False, False),
            ('output', 'option', ('--output', '-o'), (), 'other', 1, False, False),
            ('ascii_only', 'flag', ('--ascii',), (), 'bool', 1, False, False),
            ('invert', 'flag', ('--invert',), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('sheet',): (
        (
            ('words', 'argument', ('words',), (), 'str', -1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('blank', 'flag', ('--blank',), (), 'bool', 1, False, False),
            ('players', 'option', ('--players',), (), 'str', 1, True, False),
            ('fmt', 'option', ('--format',), (), 'str', 1, False, False),
            ('output', 'option', ('--output', '-o'), (), 'other', 1, False, False),
            ('paper', 'option', ('--paper',), (), 'str', 1, False, False),
        ),
        None,
    ),
    ('shell',): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
        ),
        None,
    ),
    ('stats',): (
        (
            ('kind', 'argument', ('kind',), (), 'str', 1, False, False),
            ('player', 'option', ('--player',), (), 'str', 1, False, False),
            ('players', 'flag', ('--players',), (), 'bool', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
            ('every', 'flag', ('--all',), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('tricky', 'deck'): (
        (
            ('colours', 'option', ('--colours',), (), 'other', 4, False, False),
            ('stars', 'option', ('--stars',), (), 'other', 4, False, False),
            ('potion', 'option', ('--potion', '--potions'), (), 'other', 4, False, False),
            ('thief_base', 'option', ('--thief-base',), (), 'other', 2, False, False),
            ('trickster_base', 'option', ('--trickster-base',), (), 'other', 2, False, False),
            ('barbarian_minimum', 'option', ('--barbarian-minimum',), (), 'other', 2, False, False),
            ('sorcerer_minimum', 'option', ('--sorcerer-minimum',), (), 'other', 2, False, False),
            ('knight_minimum', 'option', ('--knight-minimum',), (), 'other', 2, False, False),
            ('confirm', 'flag', ('--confirm',), ('--no-confirm',), 'bool', 1, False, False),
            ('reset', 'flag', ('--reset',), ('--no-reset',), 'bool', 1, False, False),
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('tricky', 'heroes'): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('every', 'flag', ('--all',), (), 'bool', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('tricky', 'new'): (
        (
            ('players', 'argument', ('players',), (), 'str', -1, False, True),
            ('hero_set', 'option', ('--set',), (), 'str', 1, False, False),
            ('rounds_per_player', 'option', ('--rounds-per-player',), (), 'int', 1, False, False),
            ('race', 'flag', ('--race',), (), 'bool', 1, False, False),
            ('guild', 'flag', ('--guild',), ('--no-guild',), 'bool', 1, False, False),
            ('random_heroes', 'flag', ('--random-heroes',), ('--no-random-heroes',), 'bool', 1, False, False),
            ('name', 'option', ('--name',), (), 'str', 1, False, False),
        ),
        None,
    ),
    ('tricky', 'scores'): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
    ('tricky', 'summary'): (
        (
            ('game', 'option', ('--game', '-g'), (), 'str', 1, False, False),
            ('as_json', 'flag', ('--json', '-j'), (), 'bool', 1, False, False),
        ),
        None,
    ),
}
