//! The `poison` effect of a user's crate, shared by the `custom_effect` example and the tests
//! that run it side by side with rtg's built-ins.

use rtg::*;

/// `poison`: deals `amount` damage to a player. Reversible: the reversal heals what it dealt.
pub(crate) struct Poison {
    spec: EffectSpec,
}

impl Poison {
    pub(crate) fn new() -> Poison {
        Poison {
            spec: EffectSpec {
                name: "poison".to_owned(),
                target_kind: TargetKind::Player,
                params: vec![ParamSpec::with_default(
                    "amount",
                    ParamKind::Amount,
                    ParamValue::Amount(Amount::Fixed(1)),
                )],
                reversible: true,
                summary: "deals `amount` poison damage to a player".to_owned(),
            },
        }
    }
}

impl EffectHandler for Poison {
    fn spec(&self) -> &EffectSpec {
        &self.spec
    }

    fn apply(
        &self,
        ctx: &mut EffectContext<'_>,
        target: Target,
        params: &Params,
    ) -> Result<Applied, EffectError> {
        let Target::Player(player) = target else {
            return Err(EffectError::BadTarget {
                effect: self.spec.name.clone(),
                target,
            });
        };
        let amount = ctx.int(&self.spec.name, params, "amount")?;
        // The core primitive records `on_player_receive_damage` with this card as its source.
        let dealt = ctx
            .state
            .damage_player(player, amount, Some(ctx.source), ctx.events);
        Ok(Applied {
            target,
            record: Record::Amount(dealt),
        })
    }

    fn reverse(&self, ctx: &mut EffectContext<'_>, applied: &Applied) -> Result<(), EffectError> {
        if let (Target::Player(player), Record::Amount(dealt)) = (applied.target, &applied.record) {
            ctx.state
                .heal_player(player, *dealt, Some(ctx.source), ctx.events);
        }
        Ok(())
    }
}
