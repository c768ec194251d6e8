// scenario: a mean-teacher trainer keeps its EMA copy of the student in bfloat16 and updates it with lerp_ from the float32 student
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype c10::BFloat16 for `end` but got dtype float
#include <torch/torch.h>
#include <iostream>
#include <string>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in, int64_t hidden, int64_t classes)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    return fc2(torch::relu(fc1(x)));
  }

  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Classifier);

// Keeps an exponential moving average of a student's weights. The copy only
// runs inference, so it is stored in bfloat16 to halve its memory.
class MeanTeacher {
 public:
  MeanTeacher(Classifier student, double decay, torch::Dtype storage)
      : teacher_(Classifier(4, 8, 3)), decay_(decay) {
    torch::NoGradGuard no_grad;
    auto src = student->named_parameters();
    for (auto& item : teacher_->named_parameters()) {
      item.value().copy_(src[item.key()]);
      item.value().set_requires_grad(false);
    }
    teacher_->to(storage);
  }

  void update(Classifier& student) {
    torch::NoGradGuard no_grad;
    auto student_params = student->named_parameters();
    for (auto& item : teacher_->named_parameters()) {
      const auto& live = student_params[item.key()];
      blend(item.value(), live);
    }
    ++updates_;
  }

  int64_t updates() const { return updates_; }

 private:
  void blend(torch::Tensor& shadow, const torch::Tensor& live) {
    shadow.lerp_(live, 1.0 - decay_); // BUG
  }

  Classifier teacher_;
  double decay_;
  int64_t updates_ = 0;
};

int main() {
  torch::manual_seed(0);
  Classifier student(4, 8, 3);
  MeanTeacher teacher(student, 0.99, torch::kBFloat16);
  torch::optim::SGD opt(student->parameters(), torch::optim::SGDOptions(0.1));

  for (int step = 0; step < 3; ++step) {
    auto x = torch::randn({6, 4});
    auto y = torch::randint(0, 3, {6});
    auto loss = torch::nn::functional::cross_entropy(student(x), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
    teacher.update(student);
  }
  std::cout << "teacher updates: " << teacher.updates() << "\n";
  return 0;
}
