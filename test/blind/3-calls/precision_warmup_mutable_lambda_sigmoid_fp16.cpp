// scenario: a gated layer's training loop asks a std::function precision schedule (a mutable lambda counting its calls) for the activation dtype; after the warm-up steps it answers float16 and the gate's sigmoid runs on the CPU in half
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "sigmoid_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <functional>
#include <iostream>

using PrecisionSchedule = std::function<torch::Dtype()>;

// Recipe copied from the GPU trainer: full precision while the gates settle.
PrecisionSchedule make_warmup_schedule(int warmup_steps) {
  return [step = 0, warmup_steps]() mutable {
    ++step;
    return step <= warmup_steps ? torch::kFloat : torch::kHalf;
  };
}

struct GatedUnit {
  torch::Tensor w_value, w_gate;
  GatedUnit(int64_t in, int64_t out)
      : w_value(torch::randn({in, out}) * 0.1), w_gate(torch::randn({in, out}) * 0.1) {}
};

torch::Tensor gated_forward(const GatedUnit& unit, const torch::Tensor& x, torch::Dtype act_dtype) {
  torch::Tensor value = torch::mm(x, unit.w_value).to(act_dtype);
  torch::Tensor gate_logits = torch::mm(x, unit.w_gate).to(act_dtype);
  torch::Tensor gate = torch::sigmoid(gate_logits); // BUG
  return (value * gate).to(torch::kFloat);
}

int main() {
  torch::manual_seed(101);
  GatedUnit unit(6, 4);
  PrecisionSchedule precision = make_warmup_schedule(/*warmup_steps=*/2);

  for (int step = 0; step < 4; ++step) {
    torch::Tensor x = torch::randn({3, 6});
    const torch::Dtype act_dtype = precision();
    torch::Tensor y = gated_forward(unit, x, act_dtype);
    std::cout << "step " << step << " " << act_dtype << " mean " << y.mean().item<float>() << "\n";
  }
  return 0;
}
