#ifndef CALX_CARB_SHIM_H
#define CALX_CARB_SHIM_H
// Arb, the ball arithmetic behind Calx's proved digits. Debian 12 ships it on its own (libflint-arb-dev,
// <arb.h>, libflint-arb.so); Debian 13, which the arm64 build uses, inside FLINT 3 (libflint-dev, <flint/arb.h>,
// libflint.so). The link is Package.swift's (a module map cannot choose), the header is chosen here.
#if __has_include(<flint/arb.h>)
#include <flint/arb.h>
#else
#include <arb.h>
#endif

// x's lower (upper = 0) or upper bound times 10^-*exponent, rounded down (up) to an integer of about `digits`
// digits, as a decimal string from flint_malloc (free with calx_arb_free_string), or NULL where the bound is not
// finite or its binary exponent passes ±max_bits. So the bound lies at or beyond N·10^exponent, always outward:
// the digits of a ball's ends without any rounding toward the ball.
static inline char *calx_arb_decimal_bound(const arb_t x, int upper, slong digits, slong max_bits, slong *exponent) {
    arf_t bound;
    fmpz_t mantissa, power, numerator, denominator, ten;
    char *text = NULL;
    arf_init(bound);
    if (upper) arb_get_ubound_arf(bound, x, ARF_PREC_EXACT); else arb_get_lbound_arf(bound, x, ARF_PREC_EXACT);
    if (arf_is_zero(bound)) { arf_clear(bound); *exponent = 0; text = flint_malloc(2); text[0] = '0'; text[1] = 0; return text; }
    if (!arf_is_finite(bound)) { arf_clear(bound); return NULL; }
    fmpz_init(mantissa); fmpz_init(power); fmpz_init(numerator); fmpz_init(denominator); fmpz_init(ten);
    arf_get_fmpz_2exp(mantissa, power, bound);
    if (fmpz_fits_si(power)) {
        slong e = fmpz_get_si(power);
        slong bits = (slong)fmpz_bits(mantissa) + e;
        if (e <= max_bits && e >= -max_bits && bits <= max_bits && bits >= -max_bits) {
            // value = mantissa · 2^e; scaled by 10^s to about `digits` digits: s = digits − ⌈bits·log₁₀2⌉.
            slong s = digits - (slong)((double)bits * 0.30102999566398120) - 1;
            fmpz_set(numerator, mantissa);
            fmpz_one(denominator);
            if (e >= 0) fmpz_mul_2exp(numerator, numerator, (ulong)e); else fmpz_mul_2exp(denominator, denominator, (ulong)(-e));
            fmpz_set_ui(ten, 10);
            if (s >= 0) { fmpz_pow_ui(ten, ten, (ulong)s); fmpz_mul(numerator, numerator, ten); }
            else { fmpz_pow_ui(ten, ten, (ulong)(-s)); fmpz_mul(denominator, denominator, ten); }
            if (upper) fmpz_cdiv_q(numerator, numerator, denominator); else fmpz_fdiv_q(numerator, numerator, denominator);
            text = fmpz_get_str(NULL, 10, numerator);
            *exponent = -s;
        }
    }
    fmpz_clear(mantissa); fmpz_clear(power); fmpz_clear(numerator); fmpz_clear(denominator); fmpz_clear(ten);
    arf_clear(bound);
    return text;
}

static inline void calx_arb_free_string(char *text) { flint_free(text); }

// Integers of up to 128 bits, as two halves (fmpz takes 64 at a time).
static inline void calx_arb_set_int128(arb_t x, slong high, ulong low) {
    fmpz_t value;
    fmpz_init(value);
    fmpz_set_si(value, high);
    fmpz_mul_2exp(value, value, 64);
    fmpz_add_ui(value, value, low);
    arb_set_fmpz(x, value);
    fmpz_clear(value);
}

// Arb's predicates return int; these say which answers are sure.
static inline int calx_arb_contains_zero(const arb_t x) { return arb_contains_zero(x); }
static inline int calx_arb_is_finite(const arb_t x) { return arb_is_finite(x); }
static inline int calx_arb_is_exact(const arb_t x) { return arb_is_exact(x); }
static inline long calx_arb_relative_accuracy_bits(const arb_t x) { return arb_rel_accuracy_bits(x); }
#endif
