include undef
