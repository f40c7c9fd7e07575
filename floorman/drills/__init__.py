"""Dealer training: drill questions drawn from the rulebook, marked and scored.

- :mod:`~floorman.drills.questions` draws a drill: topics, count, seed;
- :mod:`~floorman.drills.irregularities` asks about the rulebook's worked
  examples, dealt again at new tables by :mod:`~floorman.drills.variation`;
- :mod:`~floorman.drills.splits` and :mod:`~floorman.drills.showdowns` ask
  for the chips each seat wins and who wins, from :mod:`~floorman.drills.deals`;
- :mod:`~floorman.drills.studplay`, :mod:`~floorman.drills.lows` and
  :mod:`~floorman.drills.drawing` ask the stud and draw games' own: the bring-in, who
  acts first, low hands, stud splits, the draw, cited by
  :mod:`~floorman.drills.gamecites`;
- :mod:`~floorman.drills.model` is a question and its answer, and reads what
  the trainee types; :mod:`~floorman.drills.scoring` keeps the score;
- :mod:`~floorman.drills.text` and :mod:`~floorman.drills.printing` lay a
  question out for a terminal and for a printed quiz.

Everything here is pure: no terminal, no file, no store.
"""
