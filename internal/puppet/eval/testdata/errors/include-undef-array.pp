include [undef]
