# The CI image: Debian 12 (bookworm) with Go 1.26, prerequisites installed by
# the same script .ci/run and the Makefile use.
FROM golang:1.26-bookworm
WORKDIR /src
COPY ci/install-deps.sh ci/install-deps.sh
RUN bash ci/install-deps.sh
COPY . .
RUN go mod download && go build -o /usr/local/bin/xarch ./cmd/xarch
ENV CI=true
CMD ["make", "test"]
