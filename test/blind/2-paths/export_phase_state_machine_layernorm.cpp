// scenario: training driver walks warmup/train/calibrate/export phases; the export phase moves activations to fp16 for the exported format and keeps running the CPU block
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "LayerNormKernelImpl" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <vector>

enum class Phase { Warmup, Train, Calibrate, Export, Done };

static const char *phase_name(Phase p) {
  switch (p) {
  case Phase::Warmup: return "warmup";
  case Phase::Train: return "train";
  case Phase::Calibrate: return "calibrate";
  case Phase::Export: return "export";
  case Phase::Done: return "done";
  }
  return "?";
}

static Phase next_phase(Phase p) {
  switch (p) {
  case Phase::Warmup: return Phase::Train;
  case Phase::Train: return Phase::Calibrate;
  case Phase::Calibrate: return Phase::Export;
  default: return Phase::Done;
  }
}

int main() {
  torch::manual_seed(3);
  const int64_t dim = 32;
  auto w = torch::randn({dim, dim}) * 0.1;
  auto gamma = torch::ones({dim});
  auto beta = torch::zeros({dim});

  Phase phase = Phase::Warmup;
  double lr = 0.0;
  auto hidden = torch::randn({8, dim});
  torch::Tensor amax;

  while (phase != Phase::Done) {
    switch (phase) {
    case Phase::Warmup:
      lr = 1e-4;
      break;
    case Phase::Train:
      lr = 1e-3;
      break;
    case Phase::Calibrate:
      amax = hidden.abs().amax(0);
      break;
    case Phase::Export:
      // the exported graph stores activations in fp16; match it for the dump
      hidden = hidden.to(torch::kHalf);
      break;
    case Phase::Done:
      break;
    }

    auto y = torch::layer_norm(hidden, {dim}, gamma, beta, 1e-5); // BUG
    hidden = torch::relu(torch::mm(y, w)) + hidden;
    std::cout << phase_name(phase) << " lr=" << lr << " norm=" << hidden.norm().item<double>() << "\n";
    phase = next_phase(phase);
  }
  std::cout << "calibrated amax " << amax.max().item<double>() << "\n";
  return 0;
}
