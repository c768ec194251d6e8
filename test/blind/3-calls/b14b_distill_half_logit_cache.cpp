// scenario: knowledge distillation precomputes teacher logits once and caches them in float16; the temperature-scaled softmax of the cached logits runs on the CPU
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "softmax_lastdim_kernel_impl" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <unordered_map>
#include <vector>

struct Batch {
  torch::Tensor x;
  torch::Tensor y;
};

std::vector<Batch> make_batches(int64_t n, int64_t features, int64_t classes) {
  std::vector<Batch> out;
  for (int64_t i = 0; i < n; ++i)
    out.push_back({torch::randn({4, features}), torch::randint(0, classes, {4})});
  return out;
}

// One teacher pass over the data set; the logits are kept for every epoch of
// student training, stored narrow because there is one row per example.
std::unordered_map<int64_t, torch::Tensor> cache_teacher_logits(
    torch::nn::Sequential& teacher, const std::vector<Batch>& batches,
    torch::Dtype storage) {
  torch::NoGradGuard no_grad;
  teacher->eval();
  std::unordered_map<int64_t, torch::Tensor> cache;
  for (size_t i = 0; i < batches.size(); ++i)
    cache[static_cast<int64_t>(i)] = teacher->forward(batches[i].x).to(storage);
  return cache;
}

torch::Tensor distillation_loss(const torch::Tensor& student_logits,
                                const torch::Tensor& teacher_logits,
                                const torch::Tensor& labels, double temperature,
                                double alpha) {
  namespace F = torch::nn::functional;
  auto log_p_student = F::log_softmax(student_logits / temperature, F::LogSoftmaxFuncOptions(-1));
  auto p_teacher = torch::softmax(teacher_logits / temperature, -1); // BUG
  auto soft = F::kl_div(log_p_student, p_teacher,
                        F::KLDivFuncOptions().reduction(torch::kBatchMean));
  auto hard = F::cross_entropy(student_logits, labels);
  return alpha * soft * temperature * temperature + (1.0 - alpha) * hard;
}

int main() {
  torch::manual_seed(0);
  const int64_t features = 10, classes = 5;
  torch::nn::Sequential teacher(torch::nn::Linear(features, 32), torch::nn::ReLU(),
                                torch::nn::Linear(32, classes));
  torch::nn::Sequential student(torch::nn::Linear(features, 8), torch::nn::ReLU(),
                                torch::nn::Linear(8, classes));
  auto batches = make_batches(3, features, classes);
  auto cache = cache_teacher_logits(teacher, batches, torch::kFloat16);

  torch::optim::Adam opt(student->parameters(), torch::optim::AdamOptions(1e-3));
  for (int epoch = 0; epoch < 2; ++epoch) {
    for (size_t i = 0; i < batches.size(); ++i) {
      auto logits = student->forward(batches[i].x);
      auto loss = distillation_loss(logits, cache.at(static_cast<int64_t>(i)),
                                    batches[i].y, 4.0, 0.7);
      opt.zero_grad();
      loss.backward();
      opt.step();
    }
  }
  std::cout << "distilled\n";
  return 0;
}
