class known {}
include known, nosuch
