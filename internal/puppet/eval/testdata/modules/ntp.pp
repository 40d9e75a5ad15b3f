include ntp
