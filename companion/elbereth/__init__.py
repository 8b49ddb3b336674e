"""Elbereth: a solitaire roguelike with one d6, six pieces of equipment and seven floors."""
