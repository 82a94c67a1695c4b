"""Learning rate schedules (`keras.optimizers.schedules`)."""

from keras.src.optimizers.schedules import learning_rate_schedule

CosineDecay = learning_rate_schedule.CosineDecay
CosineDecayRestarts = learning_rate_schedule.CosineDecayRestarts
ExponentialDecay = learning_rate_schedule.ExponentialDecay
InverseTimeDecay = learning_rate_schedule.InverseTimeDecay
LearningRateSchedule = learning_rate_schedule.LearningRateSchedule
PiecewiseConstantDecay = learning_rate_schedule.PiecewiseConstantDecay
PolynomialDecay = learning_rate_schedule.PolynomialDecay
