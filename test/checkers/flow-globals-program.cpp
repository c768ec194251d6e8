// torchdtype-module-input-dtype, torchdtype-mixed-precision: in a unit that
// defines main (the program), a global or static member visible to other
// units is still its initializer's when this unit only reads it; one it
// writes is not.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-mixed-precision %t
#include <torch/torch.h>

class BandFeaturizer {
public:
  static inline torch::Dtype kDefaultDtype = torch::kFloat64;
  torch::Tensor operator()(const torch::Tensor &signal) const {
    return signal.to(kDefaultDtype).pow(2).add(1e-10).log();
  }
};

torch::Dtype g_features = torch::kDouble;
torch::Dtype g_changed = torch::kDouble;

struct TaggerImpl : torch::nn::Module {
  TaggerImpl() : fc(register_module("fc", torch::nn::Linear(8, 3))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: module 'fc' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  torch::nn::Linear fc;
};
TORCH_MODULE(Tagger);

int main(int argc, char **) {
  BandFeaturizer featurize;
  Tagger tagger;
  tagger->forward(featurize(torch::randn({4, 8})));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: note: in this call of 'forward'
  torch::mm(torch::randn({2, 2}, g_features), torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  if (argc > 2)
    g_changed = torch::kFloat;
  torch::mm(torch::randn({2, 2}, g_changed), torch::randn({2, 2}));
  return 0;
}
