module github.com/urfave/cli/v2

go 1.18

require github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1
