include ordoeval::nulled
