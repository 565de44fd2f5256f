#!/usr/bin/env perl
# SPDX-License-Identifier: Apache-2.0
# apply_mutant.pl MUT DIR: the mutant's find -> replace in DIR/<file> (exactly one occurrence)
my ($mut, $dir) = @ARGV;
my %k;
open(my $m, "<", $mut) or die "cannot read $mut: $!\n";
while (my $l = <$m>) {
    next if $l =~ /^#/ || $l =~ /^\n/;
    $l =~ s/[\r\n]+$//;
    my ($key, $v) = $l =~ /^([^:]*):(.*)$/s or die "$mut: expected 'key: value'\n";
    $v =~ s/^ //;
    $key =~ s/^\s+|\s+$//g;
    $k{$key} = $v;
}
my $f = "$dir/$k{file}";
open(my $in, "<", $f) or die "cannot read $f: $!\n";
local $/;
my $s = <$in>;
close $in;
my $i = index($s, $k{find});
die "$mut: find text not in $k{file}\n" if $i < 0;
die "$mut: find text occurs more than once in $k{file}\n" if index($s, $k{find}, $i + 1) >= 0;
substr($s, $i, length($k{find})) = $k{replace};
open(my $out, ">", $f) or die "cannot write $f: $!\n";
print $out $s;
close $out;
